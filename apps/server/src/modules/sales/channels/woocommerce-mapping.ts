import { z } from 'zod';
import type {
  CancelState,
  FinancialStatus,
  FulfillmentState,
  ProductionStatus,
} from '@atelier/contract/sales/order';
import { MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS } from '@atelier/contract/sales/product';
import type { StoreOrderDraft } from '../store-order.service';
import type { ChannelCustomerDraft, ChannelProductDraft } from './channel-catalog';
import {
  ChannelRecordError,
  cleanText,
  gramsOf,
  htmlToText,
  minorUnitsOf,
  postalAddress,
} from './channel-mapping';

/*
 * WooCommerce REST API v3 records (orders, products with their variations, customers) as the
 * store keeps them (issue 11). Amounts are decimal strings in the order's `currency`, without
 * tax (WooCommerce's REST totals exclude it whatever the shop's display setting).
 */

const id = z.union([z.number(), z.string()]).transform(String);
const decimal = z.union([z.string(), z.number()]).nullish();
const text = z.string().nullish();

const WooAddressSchema = z
  .object({
    first_name: text,
    last_name: text,
    company: text,
    address_1: text,
    address_2: text,
    city: text,
    state: text,
    postcode: text,
    country: text,
    email: text,
    phone: text,
  })
  .nullish();
type WooAddress = z.infer<typeof WooAddressSchema>;

const MetaSchema = z
  .array(
    z.object({
      key: z.string().nullish(),
      display_key: z.string().nullish(),
      display_value: z.unknown().optional(),
      value: z.unknown().optional(),
    }),
  )
  .nullish();

export const WooOrderSchema = z.object({
  id,
  number: text,
  status: z.string(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  date_created_gmt: z.string().nullish(),
  date_created: z.string().nullish(),
  date_completed_gmt: z.string().nullish(),
  customer_id: z.union([z.number(), z.string()]).nullish(),
  customer_note: text,
  billing: WooAddressSchema,
  shipping: WooAddressSchema,
  line_items: z
    .array(
      z.object({
        name: z.string(),
        sku: text,
        quantity: z.number(),
        subtotal: decimal,
        total: decimal,
        total_tax: decimal,
        variation_id: z.union([z.number(), z.string()]).nullish(),
        meta_data: MetaSchema,
      }),
    )
    .min(1),
  fee_lines: z.array(z.object({ name: text, total: decimal })).nullish(),
  shipping_lines: z.array(z.object({ total: decimal })).nullish(),
  coupon_lines: z.array(z.object({ code: z.string() })).nullish(),
  shipping_total: decimal,
  total_tax: decimal,
  total: decimal,
});
export type WooOrder = z.infer<typeof WooOrderSchema>;

/**
 * How a WooCommerce order status maps onto a store order (docs/channels-woocommerce-wix.md has
 * the same table). Production status is set when the order is first recorded; afterwards it is
 * the store's own (change-op-status), so updates bring payment, cancellation and fulfilment only.
 *
 * | WooCommerce | financial          | production  | cancel   | fulfilment |
 * | ----------- | ------------------ | ----------- | -------- | ---------- |
 * | pending     | PENDING            | OUTSTANDING | NONE     | NONE       |
 * | processing  | PAID               | OUTSTANDING | NONE     | NONE       |
 * | on-hold     | PENDING            | ON_HOLD     | NONE     | NONE       |
 * | completed   | PAID               | FINISHED    | NONE     | FULFILLED  |
 * | cancelled   | VOIDED             | OUTSTANDING | CANCELED | NONE       |
 * | refunded    | REFUNDED           | OUTSTANDING | CANCELED | NONE (1)   |
 * | failed      | VOIDED             | OUTSTANDING | CANCELED | NONE       |
 * | other       | PENDING            | OUTSTANDING | NONE     | NONE       |
 *
 * (1) FULFILLED with production FINISHED when the order had been completed before its refund
 * (`date_completed_gmt` set). Drafts (`checkout-draft`) and trashed orders are not taken in.
 */
export const WOO_STATUS_MAP: Record<
  string,
  {
    financialStatus: FinancialStatus;
    productionStatus: ProductionStatus;
    cancelState: CancelState;
    fulfillmentState: FulfillmentState;
  }
> = {
  pending: {
    financialStatus: 'PENDING',
    productionStatus: 'OUTSTANDING',
    cancelState: 'NONE',
    fulfillmentState: 'NONE',
  },
  processing: {
    financialStatus: 'PAID',
    productionStatus: 'OUTSTANDING',
    cancelState: 'NONE',
    fulfillmentState: 'NONE',
  },
  'on-hold': {
    financialStatus: 'PENDING',
    productionStatus: 'ON_HOLD',
    cancelState: 'NONE',
    fulfillmentState: 'NONE',
  },
  completed: {
    financialStatus: 'PAID',
    productionStatus: 'FINISHED',
    cancelState: 'NONE',
    fulfillmentState: 'FULFILLED',
  },
  cancelled: {
    financialStatus: 'VOIDED',
    productionStatus: 'OUTSTANDING',
    cancelState: 'CANCELED',
    fulfillmentState: 'NONE',
  },
  refunded: {
    financialStatus: 'REFUNDED',
    productionStatus: 'OUTSTANDING',
    cancelState: 'CANCELED',
    fulfillmentState: 'NONE',
  },
  failed: {
    financialStatus: 'VOIDED',
    productionStatus: 'OUTSTANDING',
    cancelState: 'CANCELED',
    fulfillmentState: 'NONE',
  },
};

/** Statuses of orders that are not real orders yet (or any more): left out of the store. */
export const WOO_SKIPPED_STATUSES = new Set(['checkout-draft', 'trash', 'auto-draft']);

/** The channel name of a WooCommerce shop's records: `woocommerce:<host/path>`. */
export const wooChannelOf = (storeUrl: string) =>
  `woocommerce:${storeUrl.replace(/^https?:\/\//, '')}`;

const nameOf = (address: WooAddress) =>
  [address?.first_name, address?.last_name].filter(Boolean).join(' ');

const toAddress = (address: WooAddress) =>
  address
    ? postalAddress({
        name: nameOf(address),
        company: address.company,
        line1: address.address_1,
        line2: address.address_2,
        city: address.city,
        state: address.state,
        postalCode: address.postcode,
        country: address.country,
        phone: address.phone,
      })
    : null;

const statusOf = (order: WooOrder) => {
  const mapped = WOO_STATUS_MAP[order.status] ?? WOO_STATUS_MAP.pending!;
  if (order.status === 'refunded' && order.date_completed_gmt) {
    return {
      ...mapped,
      productionStatus: 'FINISHED' as const,
      fulfillmentState: 'FULFILLED' as const,
    };
  }
  return mapped;
};

/** The state fields an order carries on every update (applyChannelOrderState). */
export const wooOrderState = (order: WooOrder) => {
  const status = statusOf(order);
  return {
    financialStatus: status.financialStatus,
    fulfillmentState: status.fulfillmentState,
    cancelState: status.cancelState,
    shippingAddress: toAddress(order.shipping),
    billingAddress: toAddress(order.billing),
    tags: [] as string[],
    note: cleanText(order.customer_note, 5_000),
  };
};

/** A variation's attributes as "Black / M", from the line's visible meta data. */
const variantTitleOf = (line: WooOrder['line_items'][number]): string | null => {
  if (!line.variation_id || String(line.variation_id) === '0') return null;
  const values = (line.meta_data ?? [])
    .filter((meta) => meta.key && !meta.key.startsWith('_'))
    .map((meta) => meta.display_value ?? meta.value)
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  return cleanText(values.join(' / '), 500);
};

/** A UTC time as WooCommerce writes it (`2026-03-02T19:05:11`, no offset). */
const gmtDate = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * A WooCommerce order as a store order draft (origin CART_ROVER, the spec's origin for orders
 * that reach the platform from another shop system; channel `woocommerce:<shop>`, external id
 * the order's id). Coupon discounts are the lines' own (WooCommerce spreads them over the
 * lines); fees are lines; rounding of a cent or so against WooCommerce's total goes to the tax.
 * Throws ChannelRecordError for amounts that are not amounts or do not add up.
 */
export const wooOrderToDraft = (order: WooOrder, storeUrl: string): StoreOrderDraft => {
  const currency = order.currency;
  const minor = (value: string | number | null | undefined, field: string) =>
    minorUnitsOf(value, currency, `Order ${order.number ?? order.id}: ${field}`);
  const lines: StoreOrderDraft['lines'] = order.line_items.map((line, index) => {
    const quantity = Math.max(1, Math.round(line.quantity));
    const total = Math.max(0, minor(line.total, `line_items.${index}.total`));
    const subtotal = Math.max(
      total,
      minor(line.subtotal ?? line.total, `line_items.${index}.subtotal`),
    );
    let unitPrice = Math.round(subtotal / quantity);
    if (unitPrice * quantity < total) unitPrice = Math.ceil(total / quantity);
    return {
      sku: cleanText(line.sku, 200),
      title: cleanText(line.name, 500) ?? 'Untitled',
      variantTitle: variantTitleOf(line),
      quantity,
      unitPrice,
      discount: unitPrice * quantity - total,
      tax: Math.max(0, minor(line.total_tax, `line_items.${index}.total_tax`)),
    };
  });
  let discountTotal = 0;
  for (const [index, fee] of (order.fee_lines ?? []).entries()) {
    const amount = minor(fee.total, `fee_lines.${index}.total`);
    if (amount > 0) {
      lines.push({
        sku: null,
        title: cleanText(fee.name, 480) ?? 'Fee',
        variantTitle: null,
        quantity: 1,
        unitPrice: amount,
        discount: 0,
        tax: 0,
      });
    } else discountTotal -= amount;
  }
  const subtotal = lines.reduce(
    (sum, line) => sum + line.quantity * line.unitPrice - line.discount,
    0,
  );
  discountTotal = Math.min(discountTotal, subtotal);
  const shippingTotal = Math.max(
    0,
    order.shipping_lines && order.shipping_lines.length > 0
      ? order.shipping_lines.reduce(
          (sum, line, index) => sum + minor(line.total, `shipping_lines.${index}.total`),
          0,
        )
      : minor(order.shipping_total, 'shipping_total'),
  );
  const total = minor(order.total, 'total');
  let taxTotal = Math.max(0, minor(order.total_tax, 'total_tax'));
  const difference = total - (subtotal - discountTotal + shippingTotal + taxTotal);
  if (difference !== 0 && Math.abs(difference) <= lines.length + 2 && taxTotal + difference >= 0) {
    taxTotal += difference;
  }
  const placedAt = gmtDate(order.date_created_gmt) ?? gmtDate(order.date_created);
  if (!placedAt) throw new ChannelRecordError(`Order ${order.number ?? order.id} has no date.`);
  const status = statusOf(order);
  const state = wooOrderState(order);
  const customerId = order.customer_id ? String(order.customer_id) : '0';
  const email = cleanText(order.billing?.email, 320)?.toLowerCase() ?? null;
  const isRegistered = customerId !== '0';
  return {
    origin: 'CART_ROVER',
    channel: wooChannelOf(storeUrl),
    externalId: order.id,
    placedAt,
    timeZone: 'UTC',
    currencyCode: currency,
    lines,
    subtotal,
    discountTotal,
    shippingTotal,
    taxTotal,
    taxesIncluded: false,
    total,
    discountCodes: (order.coupon_lines ?? []).map((coupon) => coupon.code).slice(0, 50),
    customer:
      isRegistered || email
        ? {
            email,
            firstName: cleanText(order.billing?.first_name, 200),
            lastName: cleanText(order.billing?.last_name, 200),
            phone: cleanText(order.billing?.phone, 40),
            channel: isRegistered ? wooChannelOf(storeUrl) : null,
            externalId: isRegistered ? customerId : null,
          }
        : null,
    shippingAddress: state.shippingAddress,
    billingAddress: state.billingAddress,
    financialStatus: status.financialStatus,
    productionStatus: status.productionStatus,
    tags: [],
    note: state.note,
  };
};

export const WooCustomerSchema = z.object({
  id,
  email: text,
  first_name: text,
  last_name: text,
  billing: WooAddressSchema,
  shipping: WooAddressSchema,
});
export type WooCustomer = z.infer<typeof WooCustomerSchema>;

/** A WooCommerce customer as the store's customer (matched by its id, then its e-mail). */
export const wooCustomerToDraft = (customer: WooCustomer): ChannelCustomerDraft => ({
  externalId: customer.id,
  email: cleanText(customer.email ?? customer.billing?.email, 320)?.toLowerCase() ?? null,
  firstName: cleanText(customer.first_name || customer.billing?.first_name, 200),
  lastName: cleanText(customer.last_name || customer.billing?.last_name, 200),
  phone: cleanText(customer.billing?.phone, 40),
  defaultAddress: toAddress(customer.shipping?.address_1 ? customer.shipping : customer.billing),
});

const AttributeSchema = z.object({
  name: z.string(),
  variation: z.boolean().nullish(),
  options: z.array(z.string()).nullish(),
});

export const WooProductSchema = z.object({
  id,
  name: z.string(),
  type: z.string().nullish(),
  status: z.string().nullish(),
  description: text,
  short_description: text,
  sku: text,
  price: decimal,
  regular_price: decimal,
  sale_price: decimal,
  weight: decimal,
  manage_stock: z.union([z.boolean(), z.string()]).nullish(),
  tags: z.array(z.object({ name: z.string() })).nullish(),
  categories: z.array(z.object({ name: z.string() })).nullish(),
  images: z.array(z.object({ src: z.string(), alt: text })).nullish(),
  attributes: z.array(AttributeSchema).nullish(),
  variations: z.array(z.union([z.number(), z.string()])).nullish(),
});
export type WooProduct = z.infer<typeof WooProductSchema>;

export const WooVariationSchema = z.object({
  id,
  sku: text,
  price: decimal,
  regular_price: decimal,
  sale_price: decimal,
  weight: decimal,
  manage_stock: z.union([z.boolean(), z.string()]).nullish(),
  attributes: z.array(z.object({ name: z.string(), option: z.string().nullish() })).nullish(),
});
export type WooVariation = z.infer<typeof WooVariationSchema>;

type PriceFields = Pick<WooVariation, 'price' | 'regular_price' | 'sale_price'>;

/** Selling price and compare-at price (the regular price while on sale), in minor units. */
const pricesOf = (item: PriceFields, currency: string, field: string) => {
  const price = minorUnitsOf(item.price ?? item.regular_price, currency, `${field}.price`);
  const regular = minorUnitsOf(item.regular_price, currency, `${field}.regular_price`);
  const isOnSale =
    item.sale_price !== null && item.sale_price !== undefined && item.sale_price !== '';
  return {
    priceAmount: Math.max(0, price),
    compareAtPriceAmount: isOnSale && regular > price ? regular : null,
  };
};

const isTracked = (value: boolean | string | null | undefined) =>
  value === true || value === 'parent';

/**
 * A WooCommerce product (and its variations, for a variable one) as a store product: its
 * variation attributes become options (at most three), the selling price the variant's price
 * and the regular price its compare-at price while on sale, weights in grams from the shop's
 * unit. Throws ChannelRecordError for a product the store cannot hold as it is.
 */
export const wooProductToDraft = (
  product: WooProduct,
  variations: WooVariation[],
  settings: { currency: string; weightUnit: string },
): ChannelProductDraft => {
  const { currency, weightUnit } = settings;
  const label = `Product ${product.name} (${product.id})`;
  const base = {
    title: cleanText(product.name, 255) ?? `Product ${product.id}`,
    description: htmlToText(product.description || product.short_description),
    vendor: null,
    productType: cleanText(product.categories?.[0]?.name, 255),
    tags: [
      ...new Set((product.tags ?? []).map((tag) => cleanText(tag.name, 60)).filter(Boolean)),
    ] as string[],
    currencyCode: currency,
    images: (product.images ?? [])
      .filter((image) => image.src.startsWith('https://') && image.src.length <= 2_000)
      .slice(0, 20)
      .map((image) => ({ url: image.src, alt: cleanText(image.alt, 300) })),
  };
  if (product.type !== 'variable') {
    return {
      ...base,
      options: [],
      variants: [
        {
          optionValues: [],
          sku: cleanText(product.sku, 100),
          barcode: null,
          ...pricesOf(product, currency, label),
          weightGrams: gramsOf(product.weight, weightUnit),
          tracked: isTracked(product.manage_stock),
        },
      ],
    };
  }
  if (variations.length === 0) throw new ChannelRecordError(`${label} has no variations.`);
  if (variations.length > MAX_PRODUCT_VARIANTS) {
    throw new ChannelRecordError(
      `${label} has ${variations.length} variations; a product holds ${MAX_PRODUCT_VARIANTS}.`,
    );
  }
  const attributes = (product.attributes ?? []).filter((attribute) => attribute.variation);
  if (attributes.length > MAX_PRODUCT_OPTIONS) {
    throw new ChannelRecordError(
      `${label} varies by ${attributes.length} attributes; a product has at most ${MAX_PRODUCT_OPTIONS} options.`,
    );
  }
  const options = attributes.map((attribute) => ({
    name: cleanText(attribute.name, 60) ?? 'Option',
    values: [
      ...new Set((attribute.options ?? []).map((value) => cleanText(value, 100)).filter(Boolean)),
    ] as string[],
  }));
  const variants = variations.map((variation, index) => {
    const optionValues = attributes.map((attribute, position) => {
      const chosen = (variation.attributes ?? []).find(
        (item) => item.name.toLowerCase() === attribute.name.toLowerCase(),
      )?.option;
      // An empty option is WooCommerce's "Any …": the variation serves every value.
      const value = cleanText(chosen, 100) ?? `Any ${options[position]!.name}`;
      if (!options[position]!.values.includes(value)) options[position]!.values.push(value);
      return value;
    });
    return {
      optionValues,
      sku: cleanText(variation.sku, 100),
      barcode: null,
      ...pricesOf(variation, currency, `${label} variation ${index + 1}`),
      weightGrams: gramsOf(variation.weight || product.weight, weightUnit),
      tracked: isTracked(variation.manage_stock),
    };
  });
  return { ...base, options, variants };
};
