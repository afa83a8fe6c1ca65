import type { BillingInvoice } from '@atelier/contract/billing/billing-api';
import type { BillingInterval } from '@atelier/contract/billing/plans';
import { PLAN_NAMES, type PlanType } from '@atelier/contract/identity/plans';
import type { Notifier } from '@/modules/notifications';

export type BillingEmailDeps = {
  notifier: Notifier;
  /** The store's contact e-mail (undefined: an unknown store, nothing sent). */
  findStoreEmail: (storeId: string) => Promise<string | undefined>;
  publicUrl: string;
};

const amount = (minor: number, currencyCode: string) =>
  `${currencyCode === 'USD' ? '$' : `${currencyCode} `}${(minor / 100).toFixed(2)}`;
const day = (date: Date | string) => new Date(date).toISOString().slice(0, 10);
/** "Visa ending in 4242"; a card whose details stay at the provider is "your saved card". */
const cardName = (card: { brand: string; last4: string }) =>
  /^\d{4}$/.test(card.last4) && card.brand !== 'card'
    ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending in ${card.last4}`
    : 'your saved card';

/**
 * Issue 13 billing e-mails through the Notifier (the outbox): payment failed (with the retry
 * date), subscription canceled, trial ending soon, trial ended, renewal receipt. Each names the
 * page to act on (/account-info). A store without an e-mail gets none.
 */
export const createBillingEmail = ({ notifier, findStoreEmail, publicUrl }: BillingEmailDeps) => {
  const accountUrl = `${publicUrl}/account-info`;
  const send = async (storeId: string, kind: string, subject: string, lines: string[]) => {
    const to = await findStoreEmail(storeId);
    if (!to) return;
    await notifier.sendEmail({ to, storeId, kind, subject, body: lines.join('\n') });
  };
  return {
    /** A charge was declined; `retryAt` null when no retry is left (the plan stopped). */
    async paymentFailed(
      storeId: string,
      input: { invoice: BillingInvoice; reason: string | null; retryAt: Date | null },
    ) {
      const { invoice } = input;
      await send(
        storeId,
        'billing.payment_failed',
        `Payment failed for invoice ${invoice.number}`,
        [
          `We could not charge ${amount(invoice.total, invoice.currencyCode)} for invoice ${invoice.number}.`,
          ...(input.reason ? [`The card said: ${input.reason}`] : []),
          input.retryAt
            ? `We will try again on ${day(input.retryAt)}. Update your card before then: ${accountUrl}`
            : `We will not try again; your plan is now Free. Pay the invoice to get it back: ${accountUrl}`,
        ],
      );
    },
    async subscriptionCanceled(storeId: string, input: { planType: PlanType; endedAt: Date }) {
      await send(storeId, 'billing.subscription_canceled', 'Your subscription has ended', [
        `Your ${PLAN_NAMES[input.planType]} plan ended on ${day(input.endedAt)}; your store is on the Free plan now.`,
        `Changed your mind? Reactivate within 7 days with the code REACTIVATE: ${accountUrl}`,
      ]);
    },
    /**
     * TRIAL_REMINDER_DAYS before a trial's end: when it ends, what the first invoice will charge
     * (plan, amount after the discount, the card) and where to cancel before then.
     */
    async trialEndingSoon(
      storeId: string,
      input: {
        planType: PlanType;
        interval: BillingInterval;
        trialEndsAt: Date;
        total: number;
        currencyCode: string;
        /** "WELCOME20: 20% off" when the first invoice is discounted. */
        discountLabel: string | null;
        card: { brand: string; last4: string } | null;
      },
    ) {
      const plan = PLAN_NAMES[input.planType];
      const price = `${amount(input.total, input.currencyCode)} for the ${plan} plan (${
        input.interval === 'YEAR' ? 'yearly' : 'monthly'
      }${input.discountLabel ? `, ${input.discountLabel}` : ''})`;
      const ends = day(input.trialEndsAt);
      await send(storeId, 'billing.trial_ending_soon', `Your ${plan} trial ends on ${ends}`, [
        `Your ${plan} trial ends on ${ends}.`,
        input.card
          ? `Then we will charge ${price} to ${cardName(input.card)}.`
          : `Then we will charge ${price}. Add a card before then: ${accountUrl}#billing`,
        `Don't want to continue? Cancel before ${ends} and nothing is charged: ${accountUrl}#billing`,
      ]);
    },
    async trialEnded(storeId: string, input: { planType: PlanType; invoice: BillingInvoice }) {
      await send(storeId, 'billing.trial_ended', 'Your trial has ended', [
        `Your ${PLAN_NAMES[input.planType]} trial has ended.`,
        input.invoice.status === 'PAID'
          ? `We charged ${amount(input.invoice.total, input.invoice.currencyCode)} (invoice ${input.invoice.number}).`
          : `The first payment did not go through; see ${accountUrl}`,
      ]);
    },
    async renewalReceipt(storeId: string, input: { planType: PlanType; invoice: BillingInvoice }) {
      const { invoice } = input;
      await send(storeId, 'billing.renewal_receipt', `Receipt for invoice ${invoice.number}`, [
        `Your ${PLAN_NAMES[input.planType]} plan renewed: ${amount(invoice.total, invoice.currencyCode)} paid${
          invoice.discount > 0 ? ` (${amount(invoice.discount, invoice.currencyCode)} off)` : ''
        }.`,
        `Receipt: ${publicUrl}${invoice.receiptUrl ?? '/account-info'}`,
      ]);
    },
  };
};
export type BillingEmail = ReturnType<typeof createBillingEmail>;
