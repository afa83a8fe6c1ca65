import { createHash } from 'node:crypto';
import { calcFinancingFee, type FinancingPlan } from '@atelier/contract/orders/checkout-totals';
import {
  CheckoutInputSchema,
  type CheckoutInput,
  type Payment,
} from '@atelier/contract/orders/invoice';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/actor';
import { AppError, isAppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { storeActorOf } from './orders.ports';
import { assertTransition, totalsOf } from './order-item.service';
import { assertPricesCurrent } from './price-changes';
import { findChargeRecord, type OrdersRepository, type StatusActor } from './orders.repository';
import { paymentWebhookEvents, type CreatorPaymentRow } from './orders.table';
import {
  PaymentProviderError,
  type ChargeResult,
  type PaymentProvider,
  type PaymentWebhookEvent,
} from './payments/payment-provider';
import {
  createPaypalCapture,
  isPaypalProviderName,
  providerForMethod,
  type PaypalOutcome,
} from './payments/paypal-capture';
import { shippingAddressIssues, type AddressReference } from './shipping-address';

/**
 * Who pays: a signed-in store user, or someone with an invoice's public pay link (no user): the
 * store whose items they are, and who the history names.
 */
export type Payer = { storeId: string; userId: string | null; statusActor: StatusActor };

export const payerOf = (actor: Actor): Payer => ({
  storeId: actor.storeId,
  userId: actor.userId,
  statusActor: storeActorOf(actor),
});

/** How long the first answer to a payment POST is replayed for its `Idempotency-Key`. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How often a process forgets expired keys (on a payment POST, not more often than this). */
const IDEMPOTENCY_EXPIRY_INTERVAL_MS = 60 * 1000;
const SYSTEM: StatusActor = { kind: 'system' };
/** PaymentProviderError reasons that say for certain that no money moved. */
const NOTHING_CHARGED = new Set([
  'payment_provider_busy',
  'payment_provider_misconfigured',
  'payment_provider_rejected',
  'payment_idempotency_conflict',
]);

export type CheckoutServiceDeps = {
  /** The instalment plans offered (config FINANCING_PLANS). */
  financingPlans: readonly FinancingPlan[];
  db: Database;
  clock: Clock;
  repository: OrdersRepository;
  provider: PaymentProvider;
  /** Takes `{ type: 'paypal' }` payments (spec §7 paypal-capture): local, or PayPal's API. */
  paypal: PaymentProvider;
  addresses: AddressReference;
};

/** A payment as the API shows it; `result` is spec §4's payment result. */
export const toPayment = (row: CreatorPaymentRow): Payment => ({
  id: row.id,
  status: row.status,
  result: row.result,
  provider: row.provider,
  amount: row.amount,
  currencyCode: row.currencyCode,
  failureReason: row.failureReason,
  cardBrand: row.cardBrand,
  cardLast4: row.cardLast4,
  itemIds: row.itemIds,
  totals: row.totals,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Checkout and payment (issue 12 "Checkout and payment"; spec §7 creator-invoice-payments):
 * cart items are charged through the PaymentProvider, once per `Idempotency-Key`.
 */
export const createCheckoutService = ({
  financingPlans,
  db,
  clock,
  repository,
  provider,
  paypal,
  addresses,
}: CheckoutServiceDeps) => {
  const providers = { card: provider, paypal };
  /**
   * Settles a payment with the provider's answer, in one transaction: COMPLETED → a CHARGE
   * ledger entry, its items IN_PRODUCTION, their invoices PAID when every line is paid;
   * declined (or the provider unreachable) → its items back IN_SHOPPING_CART as they were;
   * REQUIRES_ACTION → waits for `confirm`.
   */
  const settle = async (
    storeId: string,
    paymentId: string,
    result: ChargeResult | { status: 'UNREACHABLE'; reason: string },
  ): Promise<Payment> => {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const payment = (await repository.findPaymentForStore(tx, storeId, paymentId))!;
      const items = await repository.lockItems(tx, storeId, payment.itemIds);
      if (result.status === 'REQUIRES_ACTION') {
        const waiting = await repository.updatePayment(tx, payment.id, {
          status: 'REQUIRES_ACTION',
          providerChargeId: result.providerChargeId,
          updatedAt: now,
        });
        return { ...toPayment(waiting), nextAction: result.nextAction };
      }
      if (result.status === 'COMPLETED') {
        await repository.insertLedgerEntry(tx, {
          storeId,
          paymentId: payment.id,
          kind: 'CHARGE',
          amount: payment.amount,
          currencyCode: payment.currencyCode,
          providerReference: result.providerChargeId,
          createdAt: now,
        });
        for (const item of items) assertTransition(item, 'IN_PRODUCTION');
        await repository.moveItems(tx, items, 'IN_PRODUCTION', SYSTEM, now, {}, 'Paid');
        await repository.publishPurchase(tx, payment, items, now);
        await repository.markPaidInvoices(
          tx,
          [...new Set(items.flatMap((item) => (item.invoiceId ? [item.invoiceId] : [])))],
          now,
        );
        return toPayment(
          await repository.updatePayment(tx, payment.id, {
            status: 'COMPLETED',
            result: 'COMPLETED',
            providerChargeId: result.providerChargeId,
            cardBrand: result.cardBrand,
            cardLast4: result.cardLast4,
            updatedAt: now,
          }),
        );
      }
      const pending = items.filter((item) => item.status === 'CHARGE_PENDING');
      await repository.moveItems(
        tx,
        pending,
        'IN_SHOPPING_CART',
        SYSTEM,
        now,
        { paymentId: null },
        result.reason,
      );
      return toPayment(
        await repository.updatePayment(tx, payment.id, {
          status: 'DECLINED',
          result: result.status === 'UNREACHABLE' ? null : 'INSTRUMENT_DECLINED',
          providerChargeId: result.status === 'UNREACHABLE' ? null : result.providerChargeId,
          failureReason: result.reason,
          updatedAt: now,
        }),
      );
    });
  };

  const charge = async (
    storeId: string,
    payment: CreatorPaymentRow,
    request: Parameters<PaymentProvider['charge']>[0],
  ) => {
    let result: ChargeResult;
    try {
      result = await providerForMethod(providers, request.paymentMethod).charge(request);
    } catch (error) {
      const reason = isAppError(error)
        ? error.message
        : 'The payment provider could not be reached. Try again: a retry never charges twice.';
      // Refused before any money moved: the items go back to the cart.
      if (error instanceof PaymentProviderError && NOTHING_CHARGED.has(error.reason ?? '')) {
        return settle(storeId, payment.id, { status: 'UNREACHABLE', reason });
      }
      // The provider may have charged (a dropped connection, a charge still processing): the
      // payment stays PENDING with its items; paying again with the same key settles it.
      return toPayment(
        await repository.updatePayment(db, payment.id, {
          failureReason: reason,
          updatedAt: clock.now(),
        }),
      );
    }
    return settle(storeId, payment.id, result);
  };

  /**
   * Deletes the keys older than 24 h, at most once a minute per process (a statement per payment
   * was a tenth of a checkout's round trips); an older key met before that is forgotten at claim.
   */
  let keysExpiredAt = Number.NEGATIVE_INFINITY;
  const expireIdempotencyKeys = async () => {
    const now = clock.now().getTime();
    if (now - keysExpiredAt < IDEMPOTENCY_EXPIRY_INTERVAL_MS) return;
    keysExpiredAt = now;
    await repository.idempotency.expire(new Date(now - IDEMPOTENCY_TTL_MS));
  };

  /** Checks the items and amounts, records the payment PENDING and its items CHARGE_PENDING. */
  const begin = async (payer: Payer, input: ReturnType<typeof CheckoutInputSchema.parse>) => {
    // Checked before the transaction: the reference data is read outside it (PGlite has one
    // connection, so a read outside an open transaction would wait for it).
    if (input.shippingAddress) {
      const issues = await shippingAddressIssues(input.shippingAddress, addresses);
      if (issues.length > 0) {
        throw new AppError('bad_request', 'Check the shipping address.', { details: issues });
      }
    }
    const now = clock.now();
    return db.transaction(async (tx) => {
      const ids = [...new Set(input.itemIds)];
      const items = await repository.lockItems(tx, payer.storeId, ids);
      if (items.length !== ids.length) {
        throw new AppError('not_found', 'An item of this checkout is not in your cart.', {
          reason: 'order_item_not_found',
        });
      }
      for (const item of items) assertTransition(item, 'CHARGE_PENDING');
      await assertPricesCurrent(tx, payer.storeId, items);
      if (new Set(items.map((item) => item.currencyCode)).size > 1) {
        throw new AppError('bad_request', 'Pay for items of one currency at a time.', {
          details: [{ field: 'itemIds', message: 'The items are in several currencies.' }],
        });
      }
      const needsAddress = items.some((item) => item.shippingMode !== 'NO_SHIPPING_NEEDED');
      if (needsAddress && !input.shippingAddress) {
        throw new AppError('bad_request', 'Add where the goods should go.', {
          details: [{ field: 'shippingAddress', message: 'Add where the goods should go.' }],
        });
      }
      const totals = totalsOf(items, input);
      const payment = await repository.insertPayment(tx, {
        id: newId('pay'),
        storeId: payer.storeId,
        status: 'PENDING',
        provider: providerForMethod(providers, input.paymentMethod).name,
        amount: totals.total,
        currencyCode: totals.currencyCode,
        totals,
        itemIds: items.map((item) => item.id),
        shippingAddress: needsAddress ? input.shippingAddress : null,
        createdByUserId: payer.userId,
        createdAt: now,
        updatedAt: now,
      });
      await repository.moveItems(tx, items, 'CHARGE_PENDING', payer.statusActor, now, {
        paymentId: payment.id,
      });
      return payment;
    });
  };

  /** The provider's charge of a payment: keyed by the payment's id, so asking twice charges once. */
  const chargeRequestOf = (
    payer: Payer,
    payment: CreatorPaymentRow,
    input: ReturnType<typeof CheckoutInputSchema.parse>,
  ) => ({
    amount: payment.amount,
    currencyCode: payment.currencyCode,
    paymentMethod: input.paymentMethod,
    idempotencyKey: payment.id,
    description: `Atelier order items ${payment.itemIds.join(', ')}`.slice(0, 500),
    metadata: { storeId: payer.storeId, paymentId: payment.id },
  });

  const capturePaypal = createPaypalCapture({ db, clock, repository, paypal, settle, toPayment });

  /** `checkout` for any payer (the public pay link pays as the invoice's store). */
  const pay = async (
    payer: Payer,
    body: CheckoutInput,
    idempotencyKey: string | undefined,
    scope = 'POST /api/web/creator-invoice-payments',
  ): Promise<Payment> => {
    const parsed = CheckoutInputSchema.safeParse(body);
    if (!parsed.success) {
      throw new AppError('bad_request', 'Check the payment’s details.', {
        details: parsed.error.issues.map((issue) => ({
          field: issue.path.join('.') || 'body',
          message: issue.message,
        })),
      });
    }
    const input = parsed.data;
    if (!idempotencyKey || !/^[\x21-\x7e]{8,255}$/.test(idempotencyKey)) {
      throw new AppError('bad_request', 'Send an Idempotency-Key header with each payment.', {
        details: [
          {
            field: 'Idempotency-Key',
            message: 'A unique key per payment attempt: 8 to 255 visible characters (a UUID).',
          },
        ],
      });
    }
    const requestHash = createHash('sha256')
      .update(`${scope}\n${JSON.stringify(input)}`)
      .digest('hex');
    await expireIdempotencyKeys();
    let claim = await repository.idempotency.claim(
      payer.storeId,
      idempotencyKey,
      scope,
      requestHash,
    );
    if (
      !claim.claimed &&
      claim.existing.createdAt.getTime() <= clock.now().getTime() - IDEMPOTENCY_TTL_MS
    ) {
      // Older than 24 h and not swept yet: forgotten, as if it had been.
      await repository.idempotency.release(payer.storeId, idempotencyKey);
      claim = await repository.idempotency.claim(payer.storeId, idempotencyKey, scope, requestHash);
    }
    if (!claim.claimed) {
      if (claim.existing.requestHash !== requestHash) {
        throw new AppError(
          'conflict',
          'This Idempotency-Key was used for another payment; use a new key.',
          {
            reason: 'idempotency_key_reused',
          },
        );
      }
      if (!claim.existing.isComplete) {
        throw new AppError(
          'conflict',
          'A payment with this Idempotency-Key is being processed; retry shortly.',
          {
            reason: 'idempotency_in_progress',
          },
        );
      }
      const stored = claim.existing.responseBody as Payment;
      if (stored.status !== 'PENDING') return stored;
      // The provider did not answer the first time: asking again with the payment's own key
      // settles it (a provider never charges one key twice).
      const pending = await repository.findPaymentForStore(db, payer.storeId, stored.id);
      const answer =
        pending?.status === 'PENDING'
          ? await charge(payer.storeId, pending, chargeRequestOf(payer, pending, input))
          : pending
            ? toPayment(pending)
            : stored;
      await repository.idempotency.complete(payer.storeId, idempotencyKey, 200, answer);
      return answer;
    }
    let payment: CreatorPaymentRow;
    try {
      payment = await begin(payer, input);
    } catch (error) {
      await repository.idempotency.release(payer.storeId, idempotencyKey);
      throw error;
    }
    const answer = await charge(payer.storeId, payment, chargeRequestOf(payer, payment, input));
    await repository.idempotency.complete(payer.storeId, idempotencyKey, 200, answer);
    return answer;
  };

  return {
    pay,
    /**
     * Pays the chosen cart items (amounts in integer minor units of their one currency). The
     * first answer for `idempotencyKey` is stored and replayed for 24 h; the same key with another
     * body is 409 `idempotency_key_reused`; while the first is running, 409
     * `idempotency_in_progress` (never a second charge). A refused request (400/404/409 before
     * any charge) stores nothing, so the same key can be used once it is fixed.
     */
    async checkout(
      actor: Actor,
      body: CheckoutInput,
      idempotencyKey: string | undefined,
    ): Promise<Payment> {
      return pay(payerOf(actor), body, idempotencyKey);
    },

    /** Finishes a payment that REQUIRES_ACTION once the buyer authenticated. */
    async confirm(actor: Actor, paymentId: string): Promise<Payment> {
      const payment = await db.transaction((tx) =>
        repository.findPaymentForStore(tx, actor.storeId, paymentId),
      );
      if (!payment) {
        throw new AppError('not_found', 'There is no such payment.', {
          reason: 'payment_not_found',
        });
      }
      if (isPaypalProviderName(payment.provider)) {
        return capturePaypal(actor.storeId, payment.id, 'approved');
      }
      if (payment.status !== 'REQUIRES_ACTION') return toPayment(payment);
      let result: ChargeResult | { status: 'UNREACHABLE'; reason: string };
      try {
        result = await provider.confirm(payment.providerChargeId!);
      } catch (error) {
        result = {
          status: 'UNREACHABLE',
          reason: isAppError(error) ? error.message : 'The payment provider could not be reached.',
        };
      }
      return settle(actor.storeId, payment.id, result);
    },

    /**
     * Spec §7 paypal-capture: the store's PayPal payment `paymentId` after the buyer approved
     * (`approved`: captured once, settled like a card) or canceled (`cancelled`: declined, items
     * back in the cart) at PayPal. Errors: payments/paypal-capture.ts `createPaypalCapture`.
     */
    async paypalCapture(
      actor: Actor,
      paymentId: string,
      outcome: PaypalOutcome = 'approved',
    ): Promise<Payment> {
      return capturePaypal(actor.storeId, paymentId, outcome);
    },

    /** Spec §7 calc-financing-fee: each configured plan's fee and instalments for `amount`. */
    financingOptions(amount: number) {
      return {
        options: financingPlans
          .filter((plan) => plan.instalments >= 1)
          .map((plan) => ({ ...plan, ...calcFinancingFee(amount, plan) })),
      };
    },

    /**
     * A verified webhook of the payment provider (issue 12): processed once per event id (a
     * replay answers `duplicate`). A charge that succeeded or failed settles its payment when it
     * still waits (PENDING, or REQUIRES_ACTION after the buyer authenticated elsewhere); other
     * events are acknowledged. Amounts are the provider's, in minor units.
     */
    async applyWebhookEvent(event: PaymentWebhookEvent): Promise<'processed' | 'duplicate'> {
      const [isFirst] = await db
        .insert(paymentWebhookEvents)
        .values({
          eventId: event.id,
          type: event.type,
          providerChargeId: event.providerChargeId,
          receivedAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId });
      if (!isFirst) return 'duplicate';
      if (
        (event.type !== 'charge.succeeded' && event.type !== 'charge.failed') ||
        !event.providerChargeId
      ) {
        return 'processed';
      }
      const record = await findChargeRecord(db, event.providerChargeId);
      const payment = record?.payment;
      if (!payment || (payment.status !== 'PENDING' && payment.status !== 'REQUIRES_ACTION')) {
        return 'processed';
      }
      await settle(
        payment.storeId,
        payment.id,
        event.type === 'charge.succeeded'
          ? {
              status: 'COMPLETED',
              providerChargeId: event.providerChargeId,
              cardBrand: payment.cardBrand,
              cardLast4: payment.cardLast4,
            }
          : {
              status: 'INSTRUMENT_DECLINED',
              providerChargeId: event.providerChargeId,
              reason: 'The card was declined.',
            },
      );
      return 'processed';
    },

    /** Verifies a webhook with the provider (throws PaymentWebhookSignatureError when bad). */
    parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
      return provider.parseWebhook(rawBody, headers);
    },

    /**
     * The provider's public settings for the card form (test cards or a publishable key), and
     * whether PayPal is simulated locally (`paypal.isLocal`).
     */
    publicConfig() {
      const config = provider.publicConfig();
      const paypalConfig = { isLocal: paypal.isLocal };
      if (config.provider === 'local') {
        return {
          provider: 'local' as const,
          publishableKey: null,
          testCards: config.testCards.map((card) => ({
            number: card.number,
            label: card.label,
            outcome: card.outcome,
          })),
          paypal: paypalConfig,
        };
      }
      const publishableKey = config.provider === 'stripe' ? config.publishableKey : null;
      return { provider: 'stripe' as const, publishableKey, testCards: [], paypal: paypalConfig };
    },
  };
};
export type CheckoutService = ReturnType<typeof createCheckoutService>;
