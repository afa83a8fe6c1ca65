import { describe, expect, it } from 'vitest';
import {
  canTransitionOrderItem,
  ORDER_ITEM_KINDS,
  ORDER_ITEM_STATUS_LABELS,
  ORDER_ITEM_STATUSES,
  ORDER_ITEM_TAB_LABELS,
  ORDER_ITEM_TAB_STATUSES,
  ORDER_ITEM_TABS,
  ORDER_ITEM_TRANSITIONS,
  orderItemTransitionIssue,
  OrderItemStatusSchema,
  SHIPPING_MODE_LABELS,
  ShippingModeSchema,
  type OrderItemKind,
  type OrderItemStatus,
} from './order-item';

/** Every allowed move, written out from spec §4 / issue 12 rather than read from the table. */
const ALLOWED: readonly string[] = [
  'NOT_PURCHASED → IN_SHOPPING_CART : SAMPLE',
  'NOT_PURCHASED → IN_SHOPPING_CART : PRODUCTION',
  'NOT_PURCHASED → CANCELED : SAMPLE',
  'NOT_PURCHASED → CANCELED : PRODUCTION',
  'IN_SHOPPING_CART → NOT_PURCHASED : SAMPLE',
  'IN_SHOPPING_CART → NOT_PURCHASED : PRODUCTION',
  'IN_SHOPPING_CART → CHARGE_PENDING : SAMPLE',
  'IN_SHOPPING_CART → CHARGE_PENDING : PRODUCTION',
  'IN_SHOPPING_CART → CANCELED : SAMPLE',
  'IN_SHOPPING_CART → CANCELED : PRODUCTION',
  'CHARGE_PENDING → IN_PRODUCTION : SAMPLE',
  'CHARGE_PENDING → IN_PRODUCTION : PRODUCTION',
  'CHARGE_PENDING → IN_SUBSCRIPTION : SAMPLE',
  'CHARGE_PENDING → IN_SUBSCRIPTION : PRODUCTION',
  'CHARGE_PENDING → IN_SHOPPING_CART : SAMPLE',
  'CHARGE_PENDING → IN_SHOPPING_CART : PRODUCTION',
  'IN_PRODUCTION → SHIPPED : SAMPLE',
  'IN_PRODUCTION → SHIPPED : PRODUCTION',
  'IN_PRODUCTION → CANCELED : PRODUCTION',
  'IN_SUBSCRIPTION → SHIPPED : SAMPLE',
  'IN_SUBSCRIPTION → SHIPPED : PRODUCTION',
  'IN_SUBSCRIPTION → CANCELED : PRODUCTION',
];

/** The moves refused only because a paid sample cannot be canceled. */
const PAID_SAMPLE_CANCELS: readonly string[] = [
  'IN_PRODUCTION → CANCELED : SAMPLE',
  'IN_SUBSCRIPTION → CANCELED : SAMPLE',
];

const STATUSES: readonly OrderItemStatus[] = [
  'NOT_PURCHASED',
  'IN_SHOPPING_CART',
  'CHARGE_PENDING',
  'IN_PRODUCTION',
  'IN_SUBSCRIPTION',
  'SHIPPED',
  'CANCELED',
];
const KINDS: readonly OrderItemKind[] = ['SAMPLE', 'PRODUCTION'];

const ALL_TRIPLES = STATUSES.flatMap((from) =>
  STATUSES.flatMap((to) => KINDS.map((kind) => ({ from, to, kind }))),
);

describe('order item transitions (spec §4, issue 12)', () => {
  it('covers the 7 statuses and 2 kinds, 98 moves in all', () => {
    expect([...ORDER_ITEM_STATUSES].sort()).toEqual([...STATUSES].sort());
    expect([...ORDER_ITEM_KINDS].sort()).toEqual([...KINDS].sort());
    expect(ALL_TRIPLES).toHaveLength(98);
  });

  it.each(ALL_TRIPLES)('decides $from → $to for a $kind item', ({ from, to, kind }) => {
    const key = `${from} → ${to} : ${kind}`;
    const issue = orderItemTransitionIssue(from, to, kind);
    expect(canTransitionOrderItem(from, to, kind)).toBe(ALLOWED.includes(key));
    if (ALLOWED.includes(key)) {
      expect(issue).toBeNull();
    } else if (PAID_SAMPLE_CANCELS.includes(key)) {
      expect(issue).toBe('A paid sample cannot be canceled.');
    } else {
      expect(issue).toBe(
        `An order item cannot go from ${ORDER_ITEM_STATUS_LABELS[from]} (${from}) to ${ORDER_ITEM_STATUS_LABELS[to]} (${to}).`,
      );
    }
  });

  it('names both states by label and code', () => {
    expect(orderItemTransitionIssue('SHIPPED', 'IN_PRODUCTION', 'PRODUCTION')).toBe(
      'An order item cannot go from Shipped (SHIPPED) to In production (IN_PRODUCTION).',
    );
    expect(orderItemTransitionIssue('CHARGE_PENDING', 'CANCELED', 'SAMPLE')).toBe(
      'An order item cannot go from Payment pending (CHARGE_PENDING) to Canceled (CANCELED).',
    );
  });

  it('lets a paid production run be canceled but not a paid sample', () => {
    expect(canTransitionOrderItem('IN_PRODUCTION', 'CANCELED', 'PRODUCTION')).toBe(true);
    expect(canTransitionOrderItem('IN_SUBSCRIPTION', 'CANCELED', 'PRODUCTION')).toBe(true);
    expect(orderItemTransitionIssue('IN_PRODUCTION', 'CANCELED', 'SAMPLE')).toBe(
      'A paid sample cannot be canceled.',
    );
    expect(orderItemTransitionIssue('IN_SUBSCRIPTION', 'CANCELED', 'SAMPLE')).toBe(
      'A paid sample cannot be canceled.',
    );
    // A sample not paid yet can still be dropped.
    expect(canTransitionOrderItem('IN_SHOPPING_CART', 'CANCELED', 'SAMPLE')).toBe(true);
  });

  it('never moves a status to itself', () => {
    for (const status of STATUSES) {
      expect(ORDER_ITEM_TRANSITIONS[status]).not.toContain(status);
      for (const kind of KINDS) expect(canTransitionOrderItem(status, status, kind)).toBe(false);
    }
  });

  it('has no way out of SHIPPED or CANCELED', () => {
    expect(ORDER_ITEM_TRANSITIONS.SHIPPED).toEqual([]);
    expect(ORDER_ITEM_TRANSITIONS.CANCELED).toEqual([]);
    for (const to of STATUSES) {
      for (const kind of KINDS) {
        expect(canTransitionOrderItem('SHIPPED', to, kind)).toBe(false);
        expect(canTransitionOrderItem('CANCELED', to, kind)).toBe(false);
      }
    }
  });
});

describe('order item codes in words (spec §4)', () => {
  it('labels every status', () => {
    expect(ORDER_ITEM_STATUS_LABELS).toEqual({
      NOT_PURCHASED: 'Not purchased',
      IN_SHOPPING_CART: 'In cart',
      CHARGE_PENDING: 'Payment pending',
      IN_PRODUCTION: 'In production',
      IN_SUBSCRIPTION: 'In subscription',
      SHIPPED: 'Shipped',
      CANCELED: 'Canceled',
    });
    expect(OrderItemStatusSchema.safeParse('PENDING').success).toBe(false);
  });

  it('shows the platform’s shipping as Atelier shipping and never the original vendor’s name', () => {
    expect(SHIPPING_MODE_LABELS.PLATFORM_SHIPPING).toBe('Atelier shipping');
    expect(ShippingModeSchema.safeParse('PIETRA_SHIPPING').success).toBe(false);
    const shown = [
      ...Object.values(SHIPPING_MODE_LABELS),
      ...Object.values(ORDER_ITEM_STATUS_LABELS),
    ];
    for (const label of shown) expect(label).not.toMatch(/pietra/i);
  });
});

describe('Orders & Shipments tabs (issue 12)', () => {
  it('lists the tabs in order with their labels and statuses', () => {
    expect(ORDER_ITEM_TABS).toEqual([
      'ALL',
      'PAYMENT_PENDING',
      'IN_PRODUCTION',
      'SHIPPED',
      'CANCELED',
    ]);
    expect(ORDER_ITEM_TAB_LABELS.PAYMENT_PENDING).toBe('Payment pending');
    expect(ORDER_ITEM_TAB_STATUSES.PAYMENT_PENDING).toEqual(['CHARGE_PENDING']);
    expect(ORDER_ITEM_TAB_STATUSES.IN_PRODUCTION).toEqual(['IN_PRODUCTION', 'IN_SUBSCRIPTION']);
    expect(ORDER_ITEM_TAB_STATUSES.SHIPPED).toEqual(['SHIPPED']);
    expect(ORDER_ITEM_TAB_STATUSES.CANCELED).toEqual(['CANCELED']);
  });

  it('shows every bought item under ALL and exactly one other tab, and cart items under none', () => {
    const notBought: OrderItemStatus[] = ['NOT_PURCHASED', 'IN_SHOPPING_CART'];
    for (const status of STATUSES) {
      const tabs = ORDER_ITEM_TABS.filter((tab) => ORDER_ITEM_TAB_STATUSES[tab].includes(status));
      expect(tabs).toEqual(notBought.includes(status) ? [] : ['ALL', expect.any(String)]);
    }
  });
});
