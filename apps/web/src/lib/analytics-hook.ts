import type { TransactionEvent } from '@atelier/contract/orders/order-item-pricing';

/**
 * Spec §3 "Analytics traits and events" on the client: a hook a deployment may configure (its own
 * analytics, loaded by its own code) to receive the Transaction event of a purchase. None is set
 * by default and Atelier loads no third-party script; the server publishes the same events as
 * domain events for its own analytics.
 */
export type AnalyticsHook = {
  /** A COMPLETED payment's Transaction event (spec §3), once per payment per page load. */
  purchase?(event: TransactionEvent): void;
};

let hook: AnalyticsHook = {};
const reportedPayments = new Set<string>();

/** Sets the hook (replacing any earlier one); `{}` turns it off. */
export const setAnalyticsHook = (next: AnalyticsHook) => {
  hook = next;
};

/**
 * Hands a purchase to the hook, if one is configured: once per payment id (a page that renders
 * twice reports once). A failing hook never breaks the page.
 */
export const reportPurchase = (event: TransactionEvent) => {
  if (reportedPayments.has(event.id)) return;
  reportedPayments.add(event.id);
  try {
    hook.purchase?.(event);
  } catch {
    // The analytics of a deployment are its own; the receipt stands without them.
  }
};
