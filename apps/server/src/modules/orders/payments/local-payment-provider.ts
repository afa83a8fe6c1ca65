import { createHash } from 'node:crypto';
import { newId } from '@/lib/ids';
import { parseLocalWebhook } from './local-webhook';
import {
  assertValidMoney,
  PaymentProviderError,
  type ChargeRequest,
  type ChargeResult,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
} from './payment-provider';
import { findCardProblem, findTestCard, TEST_CARDS, toCardDigits } from './test-cards';

export { TEST_CARDS } from './test-cards';

export type LocalPaymentProviderOptions = {
  /** Secret the local webhooks are signed with (`signLocalWebhook`). */
  webhookSecret: string;
  /** Time source for card expiry and the webhook tolerance; defaults to the system clock. */
  now?: () => Date;
  /**
   * A charge this process did not make (it made it before a restart: charges live in memory),
   * as the orders module recorded it; undefined when unknown there too.
   */
  recoverCharge?: (providerChargeId: string) => Promise<RecoveredCharge | undefined>;
};

/** A local charge as the orders module recorded it (amounts in minor units). */
export type RecoveredCharge = {
  amount: number;
  currencyCode: string;
  status: 'REQUIRES_ACTION' | 'COMPLETED' | 'INSTRUMENT_DECLINED';
  cardBrand: string | null;
  cardLast4: string | null;
  refunded: number;
};

type LocalCharge = {
  amount: number;
  currencyCode: string;
  status: 'REQUIRES_ACTION' | 'COMPLETED' | 'INSTRUMENT_DECLINED';
  reason: string | null;
  cardBrand: string;
  cardLast4: string;
  refunded: number;
};

type Remembered<T> = { fingerprint: string; result: T };

/** JSON with object keys sorted, so `{ a, b }` and `{ b, a }` are the same request. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );

const fingerprintOf = (value: unknown): string =>
  createHash('sha256').update(canonicalJson(value)).digest('hex');

const toChargeResult = (id: string, charge: LocalCharge): ChargeResult => {
  switch (charge.status) {
    case 'COMPLETED':
      return {
        status: 'COMPLETED',
        providerChargeId: id,
        cardBrand: charge.cardBrand,
        cardLast4: charge.cardLast4,
      };
    case 'INSTRUMENT_DECLINED':
      return { status: 'INSTRUMENT_DECLINED', reason: charge.reason ?? '', providerChargeId: id };
    case 'REQUIRES_ACTION':
      // No real bank: the web shows its own test authentication step, then calls `confirm`.
      return {
        status: 'REQUIRES_ACTION',
        providerChargeId: id,
        nextAction: { type: 'redirect', url: null, clientSecret: null },
      };
  }
};

/**
 * ARCHITECTURE.md §4 `PaymentProvider`, the local default (issue 12): charges `TEST_CARDS` only,
 * offline and deterministically, and says so (`isLocal`). Charges, refunds and idempotency keys
 * live in memory for the process lifetime; the orders module stores every response durably.
 */
export const createLocalPaymentProvider = ({
  webhookSecret,
  now = () => new Date(),
  recoverCharge,
}: LocalPaymentProviderOptions): PaymentProvider => {
  const charges = new Map<string, LocalCharge>();
  /** Loads a charge made before a restart from the orders module's records, once. */
  const recover = async (providerChargeId: string) => {
    if (charges.has(providerChargeId) || !recoverCharge) return;
    const found = await recoverCharge(providerChargeId);
    if (!found || charges.has(providerChargeId)) return;
    charges.set(providerChargeId, {
      ...found,
      currencyCode: found.currencyCode.toUpperCase(),
      reason: null,
      cardBrand: found.cardBrand ?? 'visa',
      cardLast4: found.cardLast4 ?? '',
    });
  };
  const chargeAttempts = new Map<string, Remembered<ChargeResult>>();
  const refundAttempts = new Map<string, Remembered<RefundResult>>();

  const decline = (reason: string, providerChargeId: string | null = null): ChargeResult => ({
    status: 'INSTRUMENT_DECLINED',
    reason,
    providerChargeId,
  });

  const attemptCharge = (request: ChargeRequest): ChargeResult => {
    const method = request.paymentMethod;
    if (method.type !== 'test_card') {
      return decline('The local payment provider takes test cards only.');
    }
    const problem = findCardProblem(method, now());
    if (problem) return decline(problem);

    const digits = toCardDigits(method.number);
    const testCard = findTestCard(digits);
    if (!testCard) return decline('Only the test cards work with the local payment provider.');

    const id = newId('lch');
    const charge: LocalCharge = {
      amount: request.amount,
      currencyCode: request.currencyCode.toUpperCase(),
      status: testCard.outcome,
      reason: testCard.declineReason,
      cardBrand: testCard.brand,
      cardLast4: digits.slice(-4),
      refunded: 0,
    };
    charges.set(id, charge);
    return toChargeResult(id, charge);
  };

  const attemptRefund = (request: RefundRequest): RefundResult => {
    const failed = (reason: string): RefundResult => ({
      status: 'FAILED',
      providerRefundId: null,
      reason,
    });
    const charge = charges.get(request.providerChargeId);
    if (!charge) return failed('The payment provider does not know this charge.');
    if (charge.status !== 'COMPLETED') return failed('Only a completed charge can be refunded.');
    if (request.currencyCode.toUpperCase() !== charge.currencyCode) {
      return failed(`The refund must be in the charge's currency (${charge.currencyCode}).`);
    }
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
      return failed('The refund amount must be a positive whole number of minor units.');
    }
    const refundable = charge.amount - charge.refunded;
    if (request.amount > refundable) {
      return failed(
        `The refund is larger than what is left to refund (${refundable} minor units).`,
      );
    }
    charge.refunded += request.amount;
    return { status: 'SUCCEEDED', providerRefundId: newId('lrf'), reason: null };
  };

  /** Same key and same request → the first result; same key, other request → conflict. */
  const once = <T>(
    attempts: Map<string, Remembered<T>>,
    key: string,
    request: unknown,
    attempt: () => T,
  ): T => {
    // Hashed so the map never keeps a card number, even a test one.
    const fingerprint = fingerprintOf(request);
    const previous = attempts.get(key);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        throw new PaymentProviderError('payment_idempotency_conflict');
      }
      return previous.result;
    }
    const result = attempt();
    attempts.set(key, { fingerprint, result });
    return result;
  };

  return {
    name: 'local',
    isLocal: true,

    async charge(request) {
      assertValidMoney(request.amount, request.currencyCode);
      return once(chargeAttempts, request.idempotencyKey, request, () => attemptCharge(request));
    },

    async confirm(providerChargeId) {
      await recover(providerChargeId);
      const charge = charges.get(providerChargeId);
      if (!charge) throw new PaymentProviderError('payment_charge_unknown');
      if (charge.status === 'REQUIRES_ACTION') charge.status = 'COMPLETED';
      return toChargeResult(providerChargeId, charge);
    },

    async refund(request) {
      await recover(request.providerChargeId);
      return once(refundAttempts, request.idempotencyKey, request, () => attemptRefund(request));
    },

    parseWebhook(rawBody, headers) {
      return parseLocalWebhook(rawBody, headers, webhookSecret, now());
    },

    publicConfig() {
      return { provider: 'local', testCards: TEST_CARDS };
    },
  };
};
