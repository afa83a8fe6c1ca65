import { legacyIdOf } from './shopify-graphql';
import { ShopifyOrderSchema, type ShopifyOrder } from './shopify-order';

/*
 * A GraphQL Admin order of the bulk export (the node and its `lineItems` children) in the REST
 * shape the order webhooks carry, so that both paths record an order the same way and meet on
 * the same external id (the numeric id of `gid://shopify/Order/<id>`).
 */

type Node = Record<string, unknown>;

const objectOf = (value: unknown): Node | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : null;

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** `{ shopMoney: { amount } }` → its amount (a decimal string), or null. */
const shopAmount = (value: unknown): string | null => {
  const amount = objectOf(objectOf(value)?.shopMoney)?.amount;
  return typeof amount === 'string' || typeof amount === 'number' ? String(amount) : null;
};

const toRestAddress = (value: unknown) => {
  const address = objectOf(value);
  if (!address) return null;
  return {
    name: textOf(address.name),
    first_name: textOf(address.firstName),
    last_name: textOf(address.lastName),
    company: textOf(address.company),
    address1: textOf(address.address1),
    address2: textOf(address.address2),
    city: textOf(address.city),
    province_code: textOf(address.provinceCode),
    zip: textOf(address.zip),
    country_code: textOf(address.countryCodeV2) ?? textOf(address.countryCode),
    phone: textOf(address.phone),
  };
};

const FULFILLMENT_STATUS_OF: Record<string, string> = {
  FULFILLED: 'fulfilled',
  PARTIALLY_FULFILLED: 'partial',
};

/** The order as a REST order (ShopifyOrderSchema); throws a ZodError for a shape it cannot read. */
export const shopifyOrderFromGraphQl = (node: Node, lineItems: Node[]): ShopifyOrder => {
  const customer = objectOf(node.customer);
  const firstVisit = objectOf(objectOf(node.customerJourneySummary)?.firstVisit);
  const refunds = Array.isArray(node.refunds) ? (node.refunds as Node[]) : [];
  return ShopifyOrderSchema.parse({
    id: legacyIdOf(String(node.id)),
    name: node.name,
    created_at: node.createdAt,
    currency: node.currencyCode,
    email: node.email,
    taxes_included: node.taxesIncluded,
    line_items: lineItems.map((line) => ({
      sku: line.sku,
      title: line.title,
      variant_title: line.variantTitle,
      quantity: line.quantity,
      price: shopAmount(line.originalUnitPriceSet),
      total_discount: shopAmount(line.totalDiscountSet),
      tax_lines: (Array.isArray(line.taxLines) ? (line.taxLines as Node[]) : []).map((tax) => ({
        price: shopAmount(tax.priceSet) ?? '0',
      })),
    })),
    total_discounts: shopAmount(node.totalDiscountsSet),
    total_shipping_price_set: {
      shop_money: { amount: shopAmount(node.totalShippingPriceSet) ?? '0' },
    },
    total_tax: shopAmount(node.totalTaxSet),
    total_price: shopAmount(node.totalPriceSet),
    discount_codes: (Array.isArray(node.discountCodes) ? node.discountCodes : [])
      .filter((code): code is string => typeof code === 'string')
      .map((code) => ({ code })),
    customer: customer
      ? {
          id: legacyIdOf(String(customer.id)),
          email: customer.email,
          first_name: customer.firstName,
          last_name: customer.lastName,
          phone: customer.phone,
        }
      : null,
    shipping_address: toRestAddress(node.shippingAddress),
    billing_address: toRestAddress(node.billingAddress),
    financial_status: textOf(node.displayFinancialStatus)?.toLowerCase() ?? null,
    fulfillment_status: FULFILLMENT_STATUS_OF[textOf(node.displayFulfillmentStatus) ?? ''] ?? null,
    cancelled_at: node.cancelledAt ?? null,
    tags: Array.isArray(node.tags) ? node.tags.join(', ') : null,
    note: node.note,
    landing_site: firstVisit?.landingPage ?? null,
    referring_site: firstVisit?.referrerUrl ?? null,
    refunds: refunds.map((refund) => ({
      id: legacyIdOf(String(refund.id)),
      created_at: refund.createdAt,
      note: refund.note,
      transactions: [
        { amount: shopAmount(refund.totalRefundedSet) ?? '0', kind: 'refund', status: 'success' },
      ],
    })),
  });
};
