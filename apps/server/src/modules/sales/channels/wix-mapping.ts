import { z } from 'zod';
import type {
  CancelState,
  FinancialStatus,
  FulfillmentState,
  ProductionStatus,
} from '@atelier/contract/sales/order';
import { MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS } from '@atelier/contract/sales/product';
import type { StoreOrderDraft } from '../store-order.service';
import type { ChannelProductDraft } from './channel-catalog';
import {
  ChannelRecordError,
  cleanText,
  gramsOf,
  htmlToText,
  minorUnitsOf,
  postalAddress,
} from './channel-mapping';

/*
 * Wix eCommerce orders and Wix Stores (Catalog V1) products as the store keeps them (issue 11).
 * Prices are `{ amount: "12.50" }` in the order's `currency`.
 */

const price = z.object({ amount: z.union([z.string(), z.number()]).nullish() }).nullish();
const text = z.string().nullish();

const WixAddressSchema = z
  .object({
    addressLine: text,
    addressLine1: text,
    addressLine2: text,
    city: text,
    subdivision: text,
    country: text,
    postalCode: text,
  })
  .nullish();
const ContactSchema = z
  .object({ firstName: text, lastName: text, phone: text, company: text })
  .nullish();
const AddressWithContactSchema = z
  .object({ address: WixAddressSchema, contactDetails: ContactSchema })
  .nullish();

export const WixOrderSchema = z.object({
  id: z.string(),
  number: z.union([z.string(), z.number()]).nullish(),
  createdDate: z.string(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  status: text,
  paymentStatus: text,
  fulfillmentStatus: text,
  taxIncludedInPrices: z.boolean().nullish(),
  buyerNote: text,
  buyerInfo: z.object({ contactId: text, memberId: text, email: text }).nullish(),
  lineItems: z
    .array(
      z.object({
        productName: z.object({ original: z.string().nullish() }).nullish(),
        quantity: z.number(),
        price,
        totalDiscount: price,
        taxDetails: z.object({ totalTax: price }).nullish(),
        physicalProperties: z.object({ sku: text }).nullish(),
        descriptionLines: z
          .array(
            z.object({
              name: z.object({ original: text }).nullish(),
              plainText: z.object({ original: text }).nullish(),
              colorInfo: z.object({ original: text }).nullish(),
            }),
          )
          .nullish(),
      }),
    )
    .min(1),
  priceSummary: z
    .object({ subtotal: price, shipping: price, tax: price, discount: price, total: price })
    .nullish(),
  appliedDiscounts: z
    .array(z.object({ coupon: z.object({ code: z.string() }).nullish() }))
    .nullish(),
  billingInfo: AddressWithContactSchema,
  shippingInfo: z
    .object({
      logistics: z.object({ shippingDestination: AddressWithContactSchema }).nullish(),
    })
    .nullish(),
});
export type WixOrder = z.infer<typeof WixOrderSchema>;

/**
 * How a Wix order's statuses map onto a store order (docs/channels-woocommerce-wix.md has the
 * same table). Production status is set when the order is first recorded only.
 *
 * | Wix paymentStatus                        | financial          |
 * | ---------------------------------------- | ------------------ |
 * | NOT_PAID, PENDING, UNSPECIFIED           | PENDING            |
 * | AUTHORIZED                               | AUTHORIZED         |
 * | PARTIALLY_PAID                           | PARTIALLY_PAID     |
 * | PAID                                     | PAID               |
 * | PARTIALLY_REFUNDED                       | PARTIALLY_REFUNDED |
 * | FULLY_REFUNDED                           | REFUNDED           |
 * | CANCELED, DECLINED                       | VOIDED             |
 *
 * | Wix fulfillmentStatus | fulfilment | production (first record) |
 * | --------------------- | ---------- | ------------------------- |
 * | NOT_FULFILLED         | NONE       | OUTSTANDING               |
 * | PARTIALLY_FULFILLED   | PARTIAL    | PROCESSING                |
 * | FULFILLED             | FULFILLED  | FINISHED                  |
 *
 * Wix `status` CANCELED is cancel state CANCELED (else NONE).
 */
export const WIX_PAYMENT_STATUS_MAP: Record<string, FinancialStatus> = {
  NOT_PAID: 'PENDING',
  PENDING: 'PENDING',
  UNSPECIFIED_PAYMENT_STATUS: 'PENDING',
  AUTHORIZED: 'AUTHORIZED',
  PARTIALLY_PAID: 'PARTIALLY_PAID',
  PAID: 'PAID',
  PARTIALLY_REFUNDED: 'PARTIALLY_REFUNDED',
  FULLY_REFUNDED: 'REFUNDED',
  CANCELED: 'VOIDED',
  DECLINED: 'VOIDED',
};
export const WIX_FULFILLMENT_MAP: Record<
  string,
  { fulfillmentState: FulfillmentState; productionStatus: ProductionStatus }
> = {
  NOT_FULFILLED: { fulfillmentState: 'NONE', productionStatus: 'OUTSTANDING' },
  PARTIALLY_FULFILLED: { fulfillmentState: 'PARTIAL', productionStatus: 'PROCESSING' },
  FULFILLED: { fulfillmentState: 'FULFILLED', productionStatus: 'FINISHED' },
};

/** The channel name of a Wix site's records: `wix:<site id>`. */
export const wixChannelOf = (siteId: string) => `wix:${siteId}`;

type AddressWithContact = z.infer<typeof AddressWithContactSchema>;

const toAddress = (value: AddressWithContact) => {
  if (!value) return null;
  const { address, contactDetails: contact } = value;
  return postalAddress({
    name: [contact?.firstName, contact?.lastName].filter(Boolean).join(' '),
    company: contact?.company,
    line1: address?.addressLine1 ?? address?.addressLine,
    line2: address?.addressLine2,
    city: address?.city,
    // Wix writes subdivisions as ISO 3166-2 ("US-NC"): the part after the country.
    state: address?.subdivision?.split('-').at(-1),
    postalCode: address?.postalCode,
    country: address?.country,
    phone: contact?.phone,
  });
};

/** The state fields an order carries on every update (applyChannelOrderState). */
export const wixOrderState = (order: WixOrder) => ({
  financialStatus: WIX_PAYMENT_STATUS_MAP[order.paymentStatus ?? ''] ?? 'PENDING',
  fulfillmentState: (
    WIX_FULFILLMENT_MAP[order.fulfillmentStatus ?? ''] ?? WIX_FULFILLMENT_MAP.NOT_FULFILLED!
  ).fulfillmentState,
  cancelState: (order.status === 'CANCELED' ? 'CANCELED' : 'NONE') as CancelState,
  shippingAddress: toAddress(order.shippingInfo?.logistics?.shippingDestination),
  billingAddress: toAddress(order.billingInfo),
  tags: [] as string[],
  note: cleanText(order.buyerNote, 5_000),
});

const variantTitleOf = (line: WixOrder['lineItems'][number]) =>
  cleanText(
    (line.descriptionLines ?? [])
      .map((item) => item.plainText?.original ?? item.colorInfo?.original)
      .filter((value): value is string => Boolean(value))
      .join(' / '),
    500,
  );

/**
 * A Wix order as a store order draft (origin CART_ROVER; channel `wix:<site id>`; external id
 * the order's id). Throws ChannelRecordError for amounts that are not amounts.
 */
export const wixOrderToDraft = (order: WixOrder, siteId: string): StoreOrderDraft => {
  const currency = order.currency;
  const minor = (
    value: { amount?: string | number | null | undefined } | null | undefined,
    field: string,
  ) => minorUnitsOf(value?.amount, currency, `Order ${order.number ?? order.id}: ${field}`);
  const lines = order.lineItems.map((line, index) => {
    const quantity = Math.max(1, Math.round(line.quantity));
    const unitPrice = Math.max(0, minor(line.price, `lineItems.${index}.price`));
    return {
      sku: cleanText(line.physicalProperties?.sku, 200),
      title: cleanText(line.productName?.original, 500) ?? 'Untitled',
      variantTitle: variantTitleOf(line),
      quantity,
      unitPrice,
      discount: Math.min(
        quantity * unitPrice,
        Math.max(0, minor(line.totalDiscount, `lineItems.${index}.totalDiscount`)),
      ),
      tax: Math.max(0, minor(line.taxDetails?.totalTax, `lineItems.${index}.taxDetails.totalTax`)),
    };
  });
  const subtotal = lines.reduce(
    (sum, line) => sum + line.quantity * line.unitPrice - line.discount,
    0,
  );
  const lineDiscounts = lines.reduce((sum, line) => sum + line.discount, 0);
  const summary = order.priceSummary;
  // Wix's priceSummary.discount counts every discount; what the lines do not hold is order-level.
  const discountTotal = Math.min(
    subtotal,
    Math.max(0, minor(summary?.discount, 'priceSummary.discount') - lineDiscounts),
  );
  const taxesIncluded = order.taxIncludedInPrices ?? false;
  const shippingTotal = Math.max(0, minor(summary?.shipping, 'priceSummary.shipping'));
  let taxTotal = Math.max(0, minor(summary?.tax, 'priceSummary.tax'));
  const total = minor(summary?.total, 'priceSummary.total');
  if (!taxesIncluded) {
    const difference = total - (subtotal - discountTotal + shippingTotal + taxTotal);
    if (
      difference !== 0 &&
      Math.abs(difference) <= lines.length + 2 &&
      taxTotal + difference >= 0
    ) {
      taxTotal += difference;
    }
  }
  const placedAt = new Date(order.createdDate);
  if (Number.isNaN(placedAt.getTime())) {
    throw new ChannelRecordError(`Order ${order.number ?? order.id}: createdDate is not a time.`);
  }
  const state = wixOrderState(order);
  const contact = order.billingInfo?.contactDetails;
  const email = cleanText(order.buyerInfo?.email, 320)?.toLowerCase() ?? null;
  const contactId = cleanText(order.buyerInfo?.contactId, 100);
  return {
    origin: 'CART_ROVER',
    channel: wixChannelOf(siteId),
    externalId: order.id,
    placedAt,
    timeZone: 'UTC',
    currencyCode: currency,
    lines,
    subtotal,
    discountTotal,
    shippingTotal,
    taxTotal,
    taxesIncluded,
    total,
    discountCodes: (order.appliedDiscounts ?? [])
      .flatMap((discount) => (discount.coupon?.code ? [discount.coupon.code] : []))
      .slice(0, 50),
    customer:
      email || contactId
        ? {
            email,
            firstName: cleanText(contact?.firstName, 200),
            lastName: cleanText(contact?.lastName, 200),
            phone: cleanText(contact?.phone, 40),
            channel: contactId ? wixChannelOf(siteId) : null,
            externalId: contactId,
          }
        : null,
    shippingAddress: state.shippingAddress,
    billingAddress: state.billingAddress,
    financialStatus: state.financialStatus,
    productionStatus: (
      WIX_FULFILLMENT_MAP[order.fulfillmentStatus ?? ''] ?? WIX_FULFILLMENT_MAP.NOT_FULFILLED!
    ).productionStatus,
    tags: [],
    note: state.note,
  };
};

const amount = z.union([z.string(), z.number()]).nullish();
const PriceDataSchema = z
  .object({ currency: text, price: amount, discountedPrice: amount })
  .nullish();

export const WixProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: text,
  sku: text,
  weight: amount,
  brand: text,
  productType: text,
  priceData: PriceDataSchema,
  price: PriceDataSchema,
  manageVariants: z.boolean().nullish(),
  stock: z.object({ trackInventory: z.boolean().nullish() }).nullish(),
  media: z
    .object({
      items: z
        .array(z.object({ image: z.object({ url: z.string() }).nullish(), title: text }))
        .nullish(),
    })
    .nullish(),
  productOptions: z
    .array(
      z.object({
        name: z.string(),
        choices: z.array(z.object({ value: text, description: text })).nullish(),
      }),
    )
    .nullish(),
  variants: z
    .array(
      z.object({
        id: z.string(),
        choices: z.record(z.string(), z.string()).nullish(),
        variant: z
          .object({
            priceData: PriceDataSchema,
            weight: amount,
            sku: text,
            visible: z.boolean().nullish(),
          })
          .nullish(),
      }),
    )
    .nullish(),
});
export type WixProduct = z.infer<typeof WixProductSchema>;

type WixPrice = z.infer<typeof PriceDataSchema>;

const pricesOf = (priceData: WixPrice, currency: string, field: string) => {
  const regular = minorUnitsOf(priceData?.price, currency, `${field}.price`);
  const discounted = minorUnitsOf(
    priceData?.discountedPrice ?? priceData?.price,
    currency,
    `${field}.discountedPrice`,
  );
  return {
    priceAmount: Math.max(0, discounted),
    compareAtPriceAmount: regular > discounted ? regular : null,
  };
};

/**
 * A Wix Stores product as a store product: its options and the variants Wix lists (the
 * discounted price is the price, the regular one the compare-at price), weights in grams from
 * the site's unit. Throws ChannelRecordError for a product the store cannot hold as it is.
 */
export const wixProductToDraft = (product: WixProduct, weightUnit: string): ChannelProductDraft => {
  const priceData = product.priceData ?? product.price;
  const currency = (priceData?.currency ?? 'USD').toUpperCase();
  const label = `Product ${product.name}`;
  const options = (product.productOptions ?? []).map((option) => ({
    name: cleanText(option.name, 60) ?? 'Option',
    values: [
      ...new Set(
        (option.choices ?? [])
          .map((choice) => cleanText(choice.description ?? choice.value, 100))
          .filter(Boolean),
      ),
    ] as string[],
  }));
  if (options.length > MAX_PRODUCT_OPTIONS) {
    throw new ChannelRecordError(
      `${label} has ${options.length} options; a product has at most ${MAX_PRODUCT_OPTIONS}.`,
    );
  }
  const listed = (product.variants ?? []).filter((item) => item.variant?.visible !== false);
  if (listed.length > MAX_PRODUCT_VARIANTS) {
    throw new ChannelRecordError(
      `${label} has ${listed.length} variants; a product holds ${MAX_PRODUCT_VARIANTS}.`,
    );
  }
  const tracked = product.stock?.trackInventory ?? false;
  const variants =
    options.length === 0 || listed.length === 0
      ? [
          {
            optionValues: options.map((option) => option.values[0] ?? ''),
            sku: cleanText(product.sku, 100),
            barcode: null,
            ...pricesOf(priceData, currency, label),
            weightGrams: gramsOf(product.weight, weightUnit),
            tracked,
          },
        ]
      : listed.map((item, index) => ({
          optionValues: (product.productOptions ?? []).map((option, position) => {
            const value =
              cleanText(item.choices?.[option.name], 100) ?? options[position]!.values[0] ?? '';
            if (!options[position]!.values.includes(value)) options[position]!.values.push(value);
            return value;
          }),
          sku: cleanText(item.variant?.sku, 100),
          barcode: null,
          ...pricesOf(
            item.variant?.priceData ?? priceData,
            currency,
            `${label} variant ${index + 1}`,
          ),
          weightGrams: gramsOf(item.variant?.weight ?? product.weight, weightUnit),
          tracked,
        }));
  return {
    title: cleanText(product.name, 255) ?? `Product ${product.id}`,
    description: htmlToText(product.description),
    vendor: cleanText(product.brand, 255),
    productType: null,
    tags: [],
    currencyCode: currency,
    options,
    images: (product.media?.items ?? [])
      .flatMap((item) =>
        item.image?.url?.startsWith('https://') && item.image.url.length <= 2_000
          ? [{ url: item.image.url, alt: cleanText(item.title, 300) }]
          : [],
      )
      .slice(0, 20),
    variants,
  };
};
