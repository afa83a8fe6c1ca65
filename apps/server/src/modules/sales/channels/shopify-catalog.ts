import { MAX_PRODUCT_OPTIONS } from '@atelier/contract/sales/product';
import type { ProductInput, ProductStatus } from '@atelier/contract/sales/product';
import type { PostalAddress } from '@atelier/contract/sales/order';
import { toMinorUnits } from '../order-lines-csv';
import { legacyIdOf } from './shopify-graphql';
import { cleanText, shopifyChannelOf, toAddress, type ShopifyAddress } from './shopify-order';

/*
 * Shopify products (with variants) and customers as the sales module keeps them (issue 11), from
 * either shape they arrive in: the GraphQL Admin nodes of the bulk export, or the REST bodies of
 * the `products/*` and `customers/*` webhooks. Both give the same draft for the same record, so a
 * webhook and a later sync agree and a re-sync changes nothing.
 */

type Node = Record<string, unknown>;

/** A shop's product as the store keeps it: its status and the product input. */
export type ChannelProductDraft = {
  channel: string;
  externalId: string;
  status: ProductStatus;
  input: ProductInput;
};

/** A shop's customer as the store keeps it. */
export type ChannelCustomerDraft = {
  channel: string;
  externalId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  defaultAddress: PostalAddress | null;
  acceptsMarketing: boolean;
  marketingConsentAt: Date | null;
  /** Where the consent was given (`shopify`) when there is one. */
  marketingConsentSource: string | null;
  tags: string[];
};

/** A record the store cannot keep as Shopify gives it (the sync skips it and says why). */
export class ShopifyRecordError extends Error {}

const objectOf = (value: unknown): Node | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : null;
const textOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
const arrayOf = (value: unknown): Node[] =>
  Array.isArray(value) ? value.filter((item): item is Node => objectOf(item) !== null) : [];

/** Tags as a list (GraphQL) or a comma-separated string (REST); kept within the contract's bounds. */
const tagsOf = (value: unknown): string[] => {
  const raw = Array.isArray(value)
    ? value.filter((tag): tag is string => typeof tag === 'string')
    : (textOf(value) ?? '').split(',');
  const tags = raw.map((tag) => cleanText(tag, 1_000)).filter((tag): tag is string => !!tag);
  return [...new Set(tags.filter((tag) => tag.length <= 60))].slice(0, 250);
};

const GRAMS_PER: Record<string, number> = {
  GRAMS: 1,
  g: 1,
  KILOGRAMS: 1_000,
  kg: 1_000,
  OUNCES: 28.349523125,
  oz: 28.349523125,
  POUNDS: 453.59237,
  lb: 453.59237,
};

const gramsOf = (value: unknown, unit: unknown): number | null => {
  const amount = typeof value === 'number' ? value : Number(textOf(value));
  const factor = GRAMS_PER[textOf(unit) ?? ''];
  if (!Number.isFinite(amount) || amount < 0 || factor === undefined) return null;
  return Math.round(amount * factor);
};

const STATUS_OF: Record<string, ProductStatus> = {
  ACTIVE: 'ACTIVE',
  active: 'ACTIVE',
  // Draft and archived products are not for sale: the store keeps them archived.
  ARCHIVED: 'ARCHIVED',
  archived: 'ARCHIVED',
  DRAFT: 'ARCHIVED',
  draft: 'ARCHIVED',
};

type VariantFields = {
  optionValues: string[];
  sku: unknown;
  barcode: unknown;
  price: unknown;
  compareAtPrice: unknown;
  grams: number | null;
  tracked: boolean;
};

/** The product input of a Shopify product's fields, in the shop's currency. */
const toProductDraft = (
  shop: string,
  fields: {
    id: string;
    title: unknown;
    description: unknown;
    vendor: unknown;
    productType: unknown;
    tags: unknown;
    status: unknown;
    options: { name: unknown; values: unknown }[];
    image: { url: unknown; alt: unknown } | null;
    variants: VariantFields[];
  },
  currencyCode: string,
): ChannelProductDraft => {
  const title = cleanText(textOf(fields.title), 255);
  if (!title) throw new ShopifyRecordError(`Product ${fields.id} has no title.`);
  const money = (value: unknown, what: string): number | null => {
    const text = textOf(value);
    if (text === null || text.trim() === '') return null;
    const amount = toMinorUnits(text, currencyCode);
    if (amount === undefined || amount < 0) {
      throw new ShopifyRecordError(`Product “${title}”: a variant's ${what} is not an amount.`);
    }
    return amount;
  };
  const options = fields.options.slice(0, MAX_PRODUCT_OPTIONS).map((option) => ({
    name: cleanText(textOf(option.name), 60) ?? 'Option',
    values: (Array.isArray(option.values) ? option.values : [])
      .map((value) => cleanText(textOf(value), 100))
      .filter((value): value is string => !!value),
  }));
  if (fields.variants.length === 0) {
    throw new ShopifyRecordError(`Product “${title}” has no variants.`);
  }
  const imageUrl = textOf(fields.image?.url);
  return {
    channel: shopifyChannelOf(shop),
    externalId: fields.id,
    status: STATUS_OF[textOf(fields.status) ?? ''] ?? 'ACTIVE',
    input: {
      title,
      description: cleanText(textOf(fields.description), 20_000),
      vendor: cleanText(textOf(fields.vendor), 255),
      productType: cleanText(textOf(fields.productType), 255),
      tags: tagsOf(fields.tags),
      categoryId: null,
      currencyCode,
      options,
      images:
        imageUrl && /^https:\/\//.test(imageUrl) && imageUrl.length <= 2_000
          ? [{ url: imageUrl, alt: cleanText(textOf(fields.image?.alt), 300) }]
          : [],
      variants: fields.variants.map((variant) => ({
        optionValues: variant.optionValues.slice(0, options.length),
        sku: cleanText(textOf(variant.sku), 100),
        barcode: cleanText(textOf(variant.barcode), 64),
        priceAmount: money(variant.price, 'price') ?? 0,
        compareAtPriceAmount: money(variant.compareAtPrice, 'compare-at price'),
        weightGrams: variant.grams,
        tracked: variant.tracked,
      })),
    },
  };
};

/** A product node of the bulk export with its variant children. */
export const productFromGraphQl = (
  shop: string,
  node: Node,
  variants: Node[],
  currencyCode: string,
): ChannelProductDraft =>
  toProductDraft(
    shop,
    {
      id: legacyIdOf(String(node.id)),
      title: node.title,
      description: node.descriptionHtml,
      vendor: node.vendor,
      productType: node.productType,
      tags: node.tags,
      status: node.status,
      options: arrayOf(node.options).map((option) => ({
        name: option.name,
        values: Array.isArray(option.values)
          ? option.values
          : arrayOf(option.optionValues).map((value) => value.name),
      })),
      image: objectOf(node.featuredImage)
        ? { url: objectOf(node.featuredImage)!.url, alt: objectOf(node.featuredImage)!.altText }
        : null,
      variants: variants.map((variant) => {
        const item = objectOf(variant.inventoryItem);
        const weight = objectOf(objectOf(item?.measurement)?.weight);
        return {
          optionValues: arrayOf(variant.selectedOptions).map(
            (option) => textOf(option.value) ?? '',
          ),
          sku: variant.sku,
          barcode: variant.barcode,
          price: variant.price,
          compareAtPrice: variant.compareAtPrice,
          grams: weight ? gramsOf(weight.value, weight.unit) : null,
          tracked: item?.tracked !== false,
        };
      }),
    },
    currencyCode,
  );

/** The body of a `products/create` or `products/update` webhook (REST product). */
export const productFromWebhook = (
  shop: string,
  body: Node,
  currencyCode: string,
): ChannelProductDraft => {
  const image = objectOf(body.image) ?? arrayOf(body.images)[0] ?? null;
  return toProductDraft(
    shop,
    {
      id: textOf(body.id) ?? '',
      title: body.title,
      description: body.body_html,
      vendor: body.vendor,
      productType: body.product_type,
      tags: body.tags,
      status: body.status,
      options: arrayOf(body.options).map((option) => ({
        name: option.name,
        values: option.values,
      })),
      image: image ? { url: image.src, alt: image.alt } : null,
      variants: arrayOf(body.variants).map((variant) => ({
        optionValues: [variant.option1, variant.option2, variant.option3]
          .map((value) => textOf(value))
          .filter((value): value is string => value !== null),
        sku: variant.sku,
        barcode: variant.barcode,
        price: variant.price,
        compareAtPrice: variant.compare_at_price,
        grams:
          variant.grams === undefined || variant.grams === null
            ? gramsOf(variant.weight, variant.weight_unit)
            : gramsOf(variant.grams, 'g'),
        tracked: textOf(variant.inventory_management) === 'shopify',
      })),
    },
    currencyCode,
  );
};

const customerDraft = (
  shop: string,
  fields: {
    id: string;
    email: unknown;
    firstName: unknown;
    lastName: unknown;
    phone: unknown;
    tags: unknown;
    address: ShopifyAddress;
    marketingState: unknown;
    consentAt: unknown;
  },
): ChannelCustomerDraft => {
  const email = cleanText(textOf(fields.email), 320)?.toLowerCase() ?? null;
  const isSubscribed = ['SUBSCRIBED', 'subscribed'].includes(textOf(fields.marketingState) ?? '');
  const consentAt = textOf(fields.consentAt);
  const consentDate = consentAt ? new Date(consentAt) : null;
  return {
    channel: shopifyChannelOf(shop),
    externalId: fields.id,
    email,
    firstName: cleanText(textOf(fields.firstName), 200),
    lastName: cleanText(textOf(fields.lastName), 200),
    phone: cleanText(textOf(fields.phone), 40),
    defaultAddress: toAddress(fields.address),
    acceptsMarketing: isSubscribed,
    marketingConsentAt:
      isSubscribed && consentDate && !Number.isNaN(consentDate.getTime()) ? consentDate : null,
    marketingConsentSource: isSubscribed ? 'shopify' : null,
    tags: tagsOf(fields.tags),
  };
};

/** A customer node of the bulk export. */
export const customerFromGraphQl = (shop: string, node: Node): ChannelCustomerDraft => {
  const address = objectOf(node.defaultAddress);
  const consent = objectOf(node.emailMarketingConsent);
  return customerDraft(shop, {
    id: legacyIdOf(String(node.id)),
    email: node.email,
    firstName: node.firstName,
    lastName: node.lastName,
    phone: node.phone,
    tags: node.tags,
    address: address
      ? {
          first_name: textOf(address.firstName),
          last_name: textOf(address.lastName),
          company: textOf(address.company),
          address1: textOf(address.address1),
          address2: textOf(address.address2),
          city: textOf(address.city),
          province_code: textOf(address.provinceCode),
          zip: textOf(address.zip),
          country_code: textOf(address.countryCodeV2),
          phone: textOf(address.phone),
        }
      : null,
    marketingState: consent?.marketingState,
    consentAt: consent?.consentUpdatedAt,
  });
};

/** The body of a `customers/create` or `customers/update` webhook (REST customer). */
export const customerFromWebhook = (shop: string, body: Node): ChannelCustomerDraft => {
  const address = objectOf(body.default_address);
  const consent = objectOf(body.email_marketing_consent);
  return customerDraft(shop, {
    id: textOf(body.id) ?? '',
    email: body.email,
    firstName: body.first_name,
    lastName: body.last_name,
    phone: body.phone,
    tags: body.tags,
    address: address
      ? {
          first_name: textOf(address.first_name),
          last_name: textOf(address.last_name),
          company: textOf(address.company),
          address1: textOf(address.address1),
          address2: textOf(address.address2),
          city: textOf(address.city),
          province_code: textOf(address.province_code),
          zip: textOf(address.zip),
          country_code: textOf(address.country_code),
          phone: textOf(address.phone),
        }
      : null,
    marketingState: consent?.state,
    consentAt: consent?.consent_updated_at,
  });
};
