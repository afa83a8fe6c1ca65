import { computeCheckoutTotals } from '@atelier/contract/orders/checkout-totals';
import type { Invoice, Payment } from '@atelier/contract/orders/invoice';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';

/** Issue 12: an order item of store `sto_1` from supplier `cmp_1`, in the cart: 300 tees at $8.50. */
export const anOrderItem = (overrides: Partial<OrderItem> = {}): OrderItem => {
  const quantity = overrides.quantity ?? 300;
  const unitPrice = overrides.unitPrice ?? 850;
  return {
    id: 'coi_1',
    storeId: 'sto_1',
    storeTitle: 'Maker Goods',
    companyId: 'cmp_1',
    supplierName: 'Lakeside Knitwear',
    kind: 'PRODUCTION',
    status: 'IN_SHOPPING_CART',
    category: 'PRODUCT',
    title: 'Heavyweight tee, black',
    catalogItemId: null,
    invoiceId: 'inv_1',
    quantity,
    unitPrice,
    amount: quantity * unitPrice,
    shippingAmount: 0,
    currencyCode: 'USD',
    shippingMode: 'SUPPLIER_SHIPPING',
    receivingStatus: 'NONE',
    deliveryStatus: 'NOT_YET_SHIPPED',
    destination: 'FORWARDED_TO_CREATOR',
    paymentId: null,
    trackingNumber: null,
    carrier: null,
    shippedQuantity: 0,
    receivedQuantity: 0,
    shipments: [],
    cancelRequestedAt: null,
    cancelReason: null,
    refundedAmount: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
};

type CartChoices = {
  discountCode?: string | null;
  shippingAssurance?: boolean;
  sampleAssurance?: boolean;
};

/**
 * The shopping cart answer for `items`, priced by the contract as the server prices it; an item's
 * source price is its own unless given (`sourceUnitPrice`: the supplier changed it).
 */
export const aCart = (
  items: (OrderItem & { sourceUnitPrice?: number | null })[],
  choices: CartChoices = {},
) => ({
  items: items.map((item) => ({
    ...item,
    sourceUnitPrice: item.sourceUnitPrice === undefined ? item.unitPrice : item.sourceUnitPrice,
  })),
  currencyCode: items[0]?.currencyCode ?? null,
  totals:
    items.length === 0
      ? null
      : computeCheckoutTotals({
          currencyCode: items[0]!.currencyCode,
          lines: items.map(({ kind, category, quantity, unitPrice }) => ({
            kind,
            category,
            quantity,
            unitPrice,
          })),
          shipping: items.reduce((sum, item) => sum + item.shippingAmount, 0),
          handling: 0,
          shippingAssurance: choices.shippingAssurance ?? false,
          sampleAssurance: choices.sampleAssurance ?? false,
          discountCode: choices.discountCode ?? null,
        }),
});

/** The answer to a checkout of `items` (COMPLETED with a Visa ending in 4242 unless told). */
export const aPayment = (items: OrderItem[], overrides: Partial<Payment> = {}): Payment => {
  const { totals } = aCart(items);
  return {
    id: 'pay_1',
    status: 'COMPLETED',
    result: 'COMPLETED',
    provider: 'local',
    amount: totals!.total,
    currencyCode: totals!.currencyCode,
    failureReason: null,
    cardBrand: 'visa',
    cardLast4: '4242',
    itemIds: items.map((item) => item.id),
    totals: totals!,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
};

/** An open invoice `inv_1` from Lakeside Knitwear: 300 tees at $8.50 and a $120 tech pack. */
export const anInvoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: 'inv_1',
  sn: '0123456789abcdef0123456789abcdef',
  storeId: 'sto_1',
  storeTitle: 'Maker Goods',
  companyId: 'cmp_1',
  supplierName: 'Lakeside Knitwear',
  status: 'OPEN',
  currencyCode: 'USD',
  shippingMode: 'SUPPLIER_SHIPPING',
  shippingAmount: 15_000,
  subtotal: 300 * 850 + 12_000,
  total: 300 * 850 + 12_000 + 15_000,
  leadTimeDays: 30,
  notes: 'Terms as agreed in chat.',
  lines: [
    {
      id: 'ili_1',
      title: 'Heavyweight tee, black',
      category: 'PRODUCT',
      quantity: 300,
      unitPrice: 850,
      amount: 255_000,
      catalogItemId: null,
      orderItemId: null,
      orderItemStatus: null,
    },
    {
      id: 'ili_2',
      title: 'Tech pack revision',
      category: 'DESIGN_SERVICE',
      quantity: 1,
      unitPrice: 12_000,
      amount: 12_000,
      catalogItemId: null,
      orderItemId: null,
      orderItemStatus: null,
    },
  ],
  createdAt: '2026-03-01T10:00:00.000Z',
  paidAt: null,
  shippingAddress: null,
  shippingAddressAddedAt: null,
  ...overrides,
});
