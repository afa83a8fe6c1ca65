import { z } from 'zod';
import { roundHalfEven } from '../orders/checkout-totals';

/** Spec §4 subscription status (Stripe's lowercase words in upper case, as the rules name them). */
export const SubscriptionStatusSchema = z.enum([
  'ACTIVE',
  'PAST_DUE',
  'UNPAID',
  'CANCELED',
  'INCOMPLETE',
  'INCOMPLETE_EXPIRED',
  'TRIALING',
]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** What users read for each status. */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'Active',
  PAST_DUE: 'Past due',
  UNPAID: 'Unpaid',
  CANCELED: 'Canceled',
  INCOMPLETE: 'Incomplete',
  INCOMPLETE_EXPIRED: 'Expired',
  TRIALING: 'Trial',
};

/** Spec §4: active if it has an id and its status is ACTIVE, TRIALING or PAST_DUE. */
export const isSubscriptionActive = (subscription: {
  id: string | null;
  status: SubscriptionStatus | null;
}): boolean =>
  subscription.id !== null &&
  (subscription.status === 'ACTIVE' ||
    subscription.status === 'TRIALING' ||
    subscription.status === 'PAST_DUE');

/** Spec §4: paused if pausedAt is set and the status is not CANCELED. */
export const isSubscriptionPaused = (subscription: {
  pausedAt: string | Date | null;
  status: SubscriptionStatus | null;
}): boolean => subscription.pausedAt !== null && subscription.status !== 'CANCELED';

/** Spec §4: a payment problem is PAST_DUE or UNPAID. */
export const hasPaymentProblem = (status: SubscriptionStatus | null): boolean =>
  status === 'PAST_DUE' || status === 'UNPAID';

/** Spec §4 invoice failure handling: what happens to an invoice when dunning gives up. */
export const InvoiceFailureHandlingSchema = z.enum(['keep_as_draft', 'mark_uncollectible', 'void']);
export type InvoiceFailureHandling = z.infer<typeof InvoiceFailureHandlingSchema>;

/** A billing invoice's status (Stripe's invoice statuses). */
export const BillingInvoiceStatusSchema = z.enum([
  'DRAFT',
  'OPEN',
  'PAID',
  'UNCOLLECTIBLE',
  'VOID',
]);
export type BillingInvoiceStatus = z.infer<typeof BillingInvoiceStatusSchema>;

/** Why a billing invoice was made (Stripe's billing reasons, plus bundles and seats). */
export const BillingInvoiceReasonSchema = z.enum([
  'SUBSCRIPTION_CREATE',
  'SUBSCRIPTION_CYCLE',
  'SUBSCRIPTION_UPDATE',
  'BUNDLE',
  'SEATS',
]);
export type BillingInvoiceReason = z.infer<typeof BillingInvoiceReasonSchema>;

/**
 * A subscription's discount (a promotion code or the 40 % offer: `percentOff` off the next
 * `invoicesRemaining` invoices) on one of its invoices. Like a Stripe "repeating" coupon it
 * applies to every subscription invoice while it lasts; since Atelier counts invoices, not months,
 * only a plan-period invoice (the first one, a renewal) uses one of them up. An upgrade's
 * proration and an additional-seats invoice made meanwhile get the same percent without using
 * one. Bundles are not discounted. Nothing counts down for an invoice that is not kept (a
 * declined upgrade or seats charge is discarded).
 */
export const discountOnInvoice = (
  discount: { percentOff: number | null; invoicesRemaining: number | null },
  reason: BillingInvoiceReason,
): { percentOff: number; usesInvoice: boolean } => {
  const isLive = (discount.invoicesRemaining ?? 0) > 0 && (discount.percentOff ?? 0) > 0;
  if (!isLive || reason === 'BUNDLE') return { percentOff: 0, usesInvoice: false };
  return {
    percentOff: discount.percentOff ?? 0,
    usesInvoice: reason === 'SUBSCRIPTION_CREATE' || reason === 'SUBSCRIPTION_CYCLE',
  };
};

/**
 * A billing invoice's totals from its lines (integer minor units): `percentOff` comes off the
 * positive lines only (a proration credit is given in full), rounded to the nearest unit, and
 * never takes the total below 0. The invoice, the preview and the upcoming invoice all use it.
 */
export const billingInvoiceTotals = (
  lineAmounts: readonly number[],
  percentOff: number,
): { subtotal: number; discount: number; total: number } => {
  const positive = lineAmounts.filter((amount) => amount > 0).reduce((sum, a) => sum + a, 0);
  const subtotal = lineAmounts.reduce((sum, amount) => sum + amount, 0);
  const discount = Math.min(Math.round((positive * percentOff) / 100), Math.max(subtotal, 0));
  return { subtotal, discount, total: Math.max(0, subtotal - discount) };
};

/**
 * Dunning: a failed renewal makes the subscription PAST_DUE and is retried after these many days
 * (counted from the first failure); after the last retry fails the subscription becomes UNPAID,
 * its modules stop working, and the invoice is handled as `DUNNING_FAILURE_HANDLING` says.
 */
export const DUNNING_RETRY_DAYS: readonly number[] = [3, 5, 7];
export const DUNNING_FAILURE_HANDLING: InvoiceFailureHandling = 'mark_uncollectible';

/**
 * The spec's unnamed numbers near cancellation (§9: 0.25, 24, 7), read as:
 * - 0.25: the longest pause is a quarter of a year, so a pause is 1, 2 or 3 months;
 * - 24: a call booked from the questionnaire is answered within 24 hours;
 * - 7: the REACTIVATE code works up to 7 days after a subscription ended.
 * The 40 % offer takes 40 % off the next `CANCELLATION_OFFER_INVOICES` invoices.
 */
export const MAX_PAUSE_YEARS = 0.25;
export const MAX_PAUSE_MONTHS = MAX_PAUSE_YEARS * 12;
export const BOOK_A_CALL_RESPONSE_HOURS = 24;
export const REACTIVATE_WINDOW_DAYS = 7;
export const REACTIVATE_CODE = 'REACTIVATE';
export const CANCELLATION_OFFER_PERCENT_OFF = 40;
export const CANCELLATION_OFFER_INVOICES = 3;

/**
 * Proration of a plan change in the middle of a period (Stripe's method, by the millisecond):
 * the unused time of the old price is credited and the rest of the period at the new price is
 * charged, each rounded once, half to even, in integer minor units. `amountDue` is never negative
 * (a downgrade is not prorated: it takes effect at the period's end).
 */
export const prorate = (input: {
  /** Old and new price of one full period, integer minor units. */
  fromAmount: number;
  toAmount: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): { credit: number; charge: number; amountDue: number } => {
  const total = BigInt(input.periodEnd.getTime() - input.periodStart.getTime());
  if (total <= 0n) throw new RangeError('The period must end after it starts.');
  const at = Math.min(
    Math.max(input.at.getTime(), input.periodStart.getTime()),
    input.periodEnd.getTime(),
  );
  const remaining = BigInt(input.periodEnd.getTime() - at);
  const credit = Number(roundHalfEven(BigInt(input.fromAmount) * remaining, total));
  const charge = Number(roundHalfEven(BigInt(input.toAmount) * remaining, total));
  return { credit, charge, amountDue: Math.max(0, charge - credit) };
};

/** The end of a period that starts at `start`: one calendar month or year later (UTC, clamped to the month's last day). */
export const addInterval = (start: Date, interval: 'MONTH' | 'YEAR', count = 1): Date => {
  const months = interval === 'YEAR' ? 12 * count : count;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(start.getTime());
  result.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return result;
};
