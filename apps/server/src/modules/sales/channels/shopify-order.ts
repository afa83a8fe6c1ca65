import { z } from 'zod';
import type {
  CancelState,
  FinancialStatus,
  FulfillmentState,
  PostalAddress,
  ProductionStatus,
} from '@atelier/contract/sales/order';
import { toMinorUnits } from '../order-lines-csv';
import type { StoreOrderDraft } from '../store-order.service';

/*
 * Shopify's REST order (the body of the `orders/create` and `orders/updated` webhooks), reduced
 * to what a store order keeps. Amounts are decimal strings in the shop's currency (`currency`).
 */
const decimal = z.union([z.string(), z.number()]).transform(String);
const optionalText = z.string().nullish();

const ShopifyAddressSchema = z
  .object({
    name: optionalText,
    first_name: optionalText,
    last_name: optionalText,
    company: optionalText,
    address1: optionalText,
    address2: optionalText,
    city: optionalText,
    province_code: optionalText,
    zip: optionalText,
    country_code: optionalText,
    phone: optionalText,
  })
  .nullish();
export type ShopifyAddress = z.infer<typeof ShopifyAddressSchema>;

export const ShopifyOrderSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  name: z.string().nullish(),
  created_at: z.string(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  email: optionalText,
  line_items: z
    .array(
      z.object({
        sku: optionalText,
        title: z.string(),
        variant_title: optionalText,
        quantity: z.number().int(),
        price: decimal,
        total_discount: decimal.nullish(),
        tax_lines: z.array(z.object({ price: decimal })).nullish(),
      }),
    )
    .min(1),
  total_discounts: decimal.nullish(),
  total_shipping_price_set: z.object({ shop_money: z.object({ amount: decimal }) }).nullish(),
  total_tax: decimal.nullish(),
  total_price: decimal,
  taxes_included: z.boolean().nullish(),
  discount_codes: z.array(z.object({ code: z.string() })).nullish(),
  customer: z
    .object({
      id: z.union([z.number(), z.string()]).transform(String),
      email: optionalText,
      first_name: optionalText,
      last_name: optionalText,
      phone: optionalText,
    })
    .nullish(),
  shipping_address: ShopifyAddressSchema,
  billing_address: ShopifyAddressSchema,
  financial_status: optionalText,
  fulfillment_status: optionalText,
  cancelled_at: optionalText,
  tags: optionalText,
  note: optionalText,
  landing_site: optionalText,
  referring_site: optionalText,
  refunds: z
    .array(
      z.object({
        id: z.union([z.number(), z.string()]).transform(String),
        created_at: z.string(),
        note: optionalText,
        transactions: z
          .array(z.object({ amount: decimal, kind: optionalText, status: optionalText }))
          .nullish(),
      }),
    )
    .nullish(),
});
export type ShopifyOrder = z.infer<typeof ShopifyOrderSchema>;

const FINANCIAL_STATUS_OF: Record<string, FinancialStatus> = {
  pending: 'PENDING',
  authorized: 'AUTHORIZED',
  partially_paid: 'PARTIALLY_PAID',
  paid: 'PAID',
  partially_refunded: 'PARTIALLY_REFUNDED',
  refunded: 'REFUNDED',
  voided: 'VOIDED',
};
const FULFILLMENT_STATE_OF: Record<string, FulfillmentState> = {
  fulfilled: 'FULFILLED',
  partial: 'PARTIAL',
};

/** The channel name of a shop's orders, products and customers: `shopify:<shop>`. */
export const shopifyChannelOf = (shop: string) => `shopify:${shop}`;

// The contract's text fields refuse control characters (tab and line breaks aside).
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Text as the contract's address and order fields accept it: trimmed, bounded, no controls. */
export const cleanText = (value: string | null | undefined, max: number): string | null => {
  const text = value?.replace(CONTROL_CHARACTERS, '').trim().slice(0, max).trim();
  return text ? text : null;
};

const codeOrNull = (value: string | null | undefined, pattern: RegExp) => {
  const code = value?.trim().toUpperCase();
  return code && pattern.test(code) ? code : null;
};

export const toAddress = (address: ShopifyAddress): PostalAddress | null => {
  if (!address) return null;
  const name = address.name ?? [address.first_name, address.last_name].filter(Boolean).join(' ');
  const mapped: PostalAddress = {
    name: cleanText(name, 200),
    company: cleanText(address.company, 200),
    line1: cleanText(address.address1, 300),
    line2: cleanText(address.address2, 300),
    city: cleanText(address.city, 120),
    stateCode: codeOrNull(address.province_code, /^[A-Z0-9]{1,3}$/),
    postalCode: cleanText(address.zip, 20),
    countryCode: codeOrNull(address.country_code, /^[A-Z]{2}$/),
    phone: cleanText(address.phone, 40),
  };
  return Object.values(mapped).some((value) => value !== null) ? mapped : null;
};

/** Thrown for an order whose amounts are not plain decimals (nothing is recorded). */
export class ShopifyOrderError extends Error {}

/** The state fields an order carries on every update. */
export const shopifyOrderState = (order: ShopifyOrder) => {
  const fulfillmentState = FULFILLMENT_STATE_OF[order.fulfillment_status ?? ''] ?? 'NONE';
  return {
    financialStatus: FINANCIAL_STATUS_OF[order.financial_status ?? ''] ?? 'PENDING',
    fulfillmentState,
    cancelState: (order.cancelled_at ? 'CANCELED' : 'NONE') as CancelState,
    shippingAddress: toAddress(order.shipping_address),
    billingAddress: toAddress(order.billing_address),
    tags: (order.tags ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag.length > 0),
    note: cleanText(order.note, 5_000),
  };
};

/** A Shopify order as a store order draft of the shop's channel (origin SHOPIFY_CREATOR). */
export const toStoreOrderDraft = (order: ShopifyOrder, shop: string): StoreOrderDraft => {
  const currency = order.currency;
  const minor = (value: string | null | undefined, field: string): number => {
    if (value === null || value === undefined || value === '') return 0;
    const amount = toMinorUnits(value, currency);
    if (amount === undefined) {
      throw new ShopifyOrderError(`Order ${order.name ?? order.id}: ${field} is not an amount.`);
    }
    return amount;
  };
  const lines = order.line_items.map((line, index) => ({
    sku: cleanText(line.sku, 200),
    title: cleanText(line.title, 500) ?? 'Untitled',
    variantTitle: cleanText(line.variant_title, 500),
    quantity: line.quantity,
    unitPrice: minor(line.price, `line_items.${index}.price`),
    discount: minor(line.total_discount, `line_items.${index}.total_discount`),
    tax: (line.tax_lines ?? []).reduce(
      (sum, tax, at) => sum + minor(tax.price, `line_items.${index}.tax_lines.${at}.price`),
      0,
    ),
  }));
  const lineDiscounts = lines.reduce((sum, line) => sum + line.discount, 0);
  const subtotal = lines.reduce(
    (sum, line) => sum + line.quantity * line.unitPrice - line.discount,
    0,
  );
  // Shopify's total_discounts counts the lines' own discounts too; what is left is order-level.
  const discountTotal = Math.max(
    0,
    minor(order.total_discounts, 'total_discounts') - lineDiscounts,
  );
  const state = shopifyOrderState(order);
  const { customer } = order;
  const productionStatus: ProductionStatus =
    state.fulfillmentState === 'FULFILLED'
      ? 'FINISHED'
      : state.fulfillmentState === 'PARTIAL'
        ? 'PROCESSING'
        : 'OUTSTANDING';
  return {
    origin: 'SHOPIFY_CREATOR',
    channel: shopifyChannelOf(shop),
    externalId: order.id,
    placedAt: new Date(order.created_at),
    timeZone: 'UTC',
    currencyCode: currency,
    lines,
    subtotal,
    discountTotal,
    shippingTotal: minor(
      order.total_shipping_price_set?.shop_money.amount,
      'total_shipping_price_set',
    ),
    taxTotal: minor(order.total_tax, 'total_tax'),
    taxesIncluded: order.taxes_included ?? false,
    total: minor(order.total_price, 'total_price'),
    discountCodes: (order.discount_codes ?? []).map((code) => code.code),
    customer:
      customer || order.email
        ? {
            email: cleanText(customer?.email ?? order.email, 320),
            firstName: cleanText(customer?.first_name, 200),
            lastName: cleanText(customer?.last_name, 200),
            phone: cleanText(customer?.phone, 40),
            channel: customer ? shopifyChannelOf(shop) : null,
            externalId: customer?.id ?? null,
          }
        : null,
    shippingAddress: state.shippingAddress,
    billingAddress: state.billingAddress,
    financialStatus: state.financialStatus,
    productionStatus,
    tags: state.tags,
    note: state.note,
    landingSite: cleanText(order.landing_site, 2_000),
    referringSite: cleanText(order.referring_site, 2_000),
  };
};

/** A refund of a channel order: its id there, when, how much (minor units) and why. */
export type ChannelRefund = {
  externalId: string;
  createdAt: Date;
  amount: number;
  note: string | null;
};

/**
 * The refunds an order carries (REST `refunds`, each the sum of its successful refund
 * transactions). Throws ShopifyOrderError for an amount that is not a decimal.
 */
export const shopifyRefundsOf = (order: ShopifyOrder, shop: string): ChannelRefund[] =>
  (order.refunds ?? []).map((refund) => {
    const amount = (refund.transactions ?? [])
      .filter((transaction) => (transaction.kind ?? 'refund') === 'refund')
      .filter((transaction) => (transaction.status ?? 'success') === 'success')
      .reduce((sum, transaction) => {
        const minor = toMinorUnits(transaction.amount, order.currency);
        if (minor === undefined) {
          throw new ShopifyOrderError(
            `Order ${order.name ?? order.id}: a refund is not an amount.`,
          );
        }
        return sum + minor;
      }, 0);
    return {
      externalId: `${shopifyChannelOf(shop)}:refund:${refund.id}`,
      createdAt: new Date(refund.created_at),
      amount,
      note: cleanText(refund.note, 1_000),
    };
  });
