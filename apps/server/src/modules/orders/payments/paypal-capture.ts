import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { Payment } from '@atelier/contract/orders/invoice';
import type { Database } from '@/db/client';
import { AppError, isAppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { OrdersRepository } from '../orders.repository';
import { creatorPayments, type CreatorPaymentRow } from '../orders.table';
import {
  PaymentProviderError,
  type ChargeResult,
  type PaymentMethodInput,
  type PaymentProvider,
} from './payment-provider';

/** The providers of a checkout: cards (local or Stripe) and PayPal (simulated or PayPal's). */
export type CheckoutProviders = { card: PaymentProvider; paypal: PaymentProvider };

/** Whether a payment's `provider` column names one of the PayPal providers. */
export const isPaypalProviderName = (name: string): boolean =>
  name === 'paypal' || name === 'local_paypal';

/** The provider that takes `method`: PayPal's for `paypal`, else the card provider. */
export const providerForMethod = (
  providers: CheckoutProviders,
  method: Pick<PaymentMethodInput, 'type'>,
): PaymentProvider => (method.type === 'paypal' ? providers.paypal : providers.card);

/**
 * The provider that took a payment, by its recorded `provider` name (confirm, refunds): PayPal's
 * payments go to the PayPal provider, every other one to the card provider.
 */
export const providerNamed = (providers: CheckoutProviders, name: string): PaymentProvider =>
  isPaypalProviderName(name) ? providers.paypal : providers.card;

/** What the buyer did at PayPal: approved (back at the return url), or canceled there. */
export type PaypalOutcome = 'approved' | 'cancelled';

/** How long one capture holds its payment before another request may take over (a crash). */
export const PAYPAL_CAPTURE_CLAIM_MS = 2 * 60 * 1000;

/** PaymentProviderError reasons of a capture that say for certain the order cannot be captured. */
const NOT_CAPTURABLE = new Set(['payment_provider_rejected', 'payment_charge_unknown']);

export type PaypalCaptureDeps = {
  db: Database;
  clock: Clock;
  repository: Pick<OrdersRepository, 'updatePayment'>;
  paypal: PaymentProvider;
  /** The checkout's settle: one transaction moving the items and writing the ledger. */
  settle: (
    storeId: string,
    paymentId: string,
    result: ChargeResult | { status: 'UNREACHABLE'; reason: string },
  ) => Promise<Payment>;
  toPayment: (row: CreatorPaymentRow) => Payment;
};

const notFound = () =>
  new AppError('not_found', 'There is no such payment.', { reason: 'payment_not_found' });

/**
 * Spec §7 paypal-capture (issue 12): finishes a PayPal payment once the buyer came back from
 * PayPal. Returns `(storeId, paymentId, outcome) → Payment`:
 *
 * - `approved`: captures the approved order through the PayPal provider (once per order: its
 *   PayPal-Request-Id) and settles the payment like a card: COMPLETED → a CHARGE ledger entry,
 *   items IN_PRODUCTION; declined by PayPal → DECLINED, items back IN_SHOPPING_CART. The buyer
 *   has not approved yet → 409 `paypal_not_approved`, nothing changed.
 * - `cancelled`: the buyer canceled at PayPal: DECLINED, items back in the cart, nothing charged.
 *   After a capture whose answer was lost, a cancel captures instead (the buyer had approved).
 *
 * Once per payment: a COMPLETED payment answers as it is (capturing twice captures once); while
 * another request captures it, 409 `payment_capture_in_progress`. Errors: 404
 * `payment_not_found` (none of the store's), 400 `payment_not_paypal` (field `id`), 409
 * `payment_not_awaiting_capture` (declined, or not created at PayPal yet); when PayPal cannot
 * answer, its PaymentProviderError (503) with the payment unchanged, so a retry is safe.
 */
export const createPaypalCapture =
  ({ db, clock, repository, paypal, settle, toPayment }: PaypalCaptureDeps) =>
  async (storeId: string, paymentId: string, outcome: PaypalOutcome): Promise<Payment> => {
    const [payment] = await db
      .select()
      .from(creatorPayments)
      .where(and(eq(creatorPayments.id, paymentId), eq(creatorPayments.storeId, storeId)));
    if (!payment) throw notFound();
    if (!isPaypalProviderName(payment.provider)) {
      throw new AppError('bad_request', 'This payment was not made with PayPal.', {
        reason: 'payment_not_paypal',
        details: [{ field: 'id', message: 'A card payment: it has nothing to capture at PayPal.' }],
      });
    }
    if (payment.status === 'COMPLETED') return toPayment(payment);
    if (payment.status === 'DECLINED' || !payment.providerChargeId) {
      throw new AppError(
        'conflict',
        payment.status === 'DECLINED'
          ? 'This PayPal payment was declined or canceled; nothing was charged. Pay again.'
          : 'This PayPal payment has no PayPal order yet: send the checkout again with the same Idempotency-Key.',
        { reason: 'payment_not_awaiting_capture' },
      );
    }

    // The claim: REQUIRES_ACTION → PENDING in one statement, so one request captures at a time
    // (a claim older than PAYPAL_CAPTURE_CLAIM_MS was left by a crash and is taken over).
    const now = clock.now();
    const [claimed] = await db
      .update(creatorPayments)
      .set({ status: 'PENDING', updatedAt: now })
      .where(
        and(
          eq(creatorPayments.id, payment.id),
          isNotNull(creatorPayments.providerChargeId),
          or(
            eq(creatorPayments.status, 'REQUIRES_ACTION'),
            and(
              eq(creatorPayments.status, 'PENDING'),
              lt(creatorPayments.updatedAt, new Date(now.getTime() - PAYPAL_CAPTURE_CLAIM_MS)),
            ),
          ),
        ),
      )
      .returning();
    if (!claimed) {
      const [current] = await db
        .select()
        .from(creatorPayments)
        .where(eq(creatorPayments.id, payment.id));
      if (current?.status === 'COMPLETED') return toPayment(current);
      throw new AppError('conflict', 'This PayPal payment is being captured; retry shortly.', {
        reason: 'payment_capture_in_progress',
      });
    }

    // A capture attempted before whose answer was lost may have taken the money: ask again.
    const wasCaptureAttempted = claimed.failureReason !== null;
    if (outcome === 'cancelled' && !wasCaptureAttempted) {
      return settle(storeId, payment.id, {
        status: 'INSTRUMENT_DECLINED',
        reason: 'You canceled the payment at PayPal; nothing was charged.',
        providerChargeId: claimed.providerChargeId,
      });
    }

    let result: ChargeResult;
    try {
      result = await paypal.confirm(claimed.providerChargeId!);
    } catch (error) {
      if (error instanceof PaymentProviderError && NOT_CAPTURABLE.has(error.reason ?? '')) {
        return settle(storeId, payment.id, {
          status: 'INSTRUMENT_DECLINED',
          reason: 'PayPal could not capture this payment.',
          providerChargeId: claimed.providerChargeId,
        });
      }
      // Unknown outcome: back to REQUIRES_ACTION, marked; the same capture is asked again.
      await repository.updatePayment(db, payment.id, {
        status: 'REQUIRES_ACTION',
        failureReason: isAppError(error) ? error.message : 'PayPal could not be reached.',
        updatedAt: clock.now(),
      });
      throw error;
    }
    if (result.status === 'REQUIRES_ACTION') {
      await settle(storeId, payment.id, result);
      throw new AppError(
        'conflict',
        'PayPal has not had this payment approved yet: approve it at PayPal, then try again.',
        { reason: 'paypal_not_approved' },
      );
    }
    return settle(storeId, payment.id, result);
  };
