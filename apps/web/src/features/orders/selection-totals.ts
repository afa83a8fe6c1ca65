import {
  type CheckoutTotals,
  computeCheckoutTotals,
  discountCodeIssue,
} from '@atelier/contract/orders/checkout-totals';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';

/** The choices of the order overview that change what a checkout costs. */
export type CheckoutChoices = {
  /** A code the person applied (as typed), or null. */
  discountCode: string | null;
  shippingAssurance: boolean;
  sampleAssurance: boolean;
};

export type SelectionTotals =
  | { kind: 'priced'; totals: CheckoutTotals; discountCode: string | null }
  | { kind: 'empty' }
  | { kind: 'mixed-currencies' }
  | { kind: 'too-large' };

type CheckoutLineItem = Pick<
  OrderItem,
  'id' | 'kind' | 'category' | 'quantity' | 'unitPrice' | 'shippingAmount' | 'currencyCode'
>;

/** Why the applied code does not fit the chosen items (spec §9), or null. */
export const discountIssueOf = (
  discountCode: string | null,
  items: readonly Pick<OrderItem, 'category'>[],
): string | null => (discountCode === null ? null : discountCodeIssue(discountCode, items));

/**
 * What paying for `items` costs with `choices` (issue 12 Totals). `cartTotals` is the server's
 * answer for the whole cart with the same choices: used as it is when every cart item is
 * chosen. For part of the cart, the contract's `computeCheckoutTotals` prices the chosen items
 * as the server prices their checkout (shipping: their shipping amounts; no handling), so the
 * total shown is the total charged. A code that does not fit the chosen items is left out (the
 * caller shows `discountIssueOf`).
 */
export const totalsOfSelection = (
  items: readonly CheckoutLineItem[],
  choices: CheckoutChoices,
  whole: { cartItemCount: number; cartTotals: CheckoutTotals | null },
): SelectionTotals => {
  const [first] = items;
  if (!first) return { kind: 'empty' };
  if (items.some((item) => item.currencyCode !== first.currencyCode)) {
    return { kind: 'mixed-currencies' };
  }
  const discountCode = discountIssueOf(choices.discountCode, items) ? null : choices.discountCode;
  if (items.length === whole.cartItemCount && whole.cartTotals) {
    return { kind: 'priced', totals: whole.cartTotals, discountCode };
  }
  try {
    const totals = computeCheckoutTotals({
      currencyCode: first.currencyCode,
      lines: items.map(({ kind, category, quantity, unitPrice }) => ({
        kind,
        category,
        quantity,
        unitPrice,
      })),
      shipping: items.reduce((sum, item) => sum + item.shippingAmount, 0),
      handling: 0,
      shippingAssurance: choices.shippingAssurance,
      sampleAssurance: choices.sampleAssurance,
      discountCode,
    });
    return { kind: 'priced', totals, discountCode };
  } catch {
    return { kind: 'too-large' };
  }
};
