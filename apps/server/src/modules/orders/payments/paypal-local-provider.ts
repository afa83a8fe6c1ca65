import { newId } from '@/lib/ids';
import type { RecoveredCharge } from './local-payment-provider';
import {
  assertValidMoney,
  PaymentProviderError,
  PaymentWebhookSignatureError,
  type ChargeRequest,
  type ChargeResult,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
} from './payment-provider';

export type LocalPaypalProviderOptions = {
  /**
   * An order or capture this process did not make (made before a restart: they live in memory),
   * as the orders module recorded it; undefined when unknown there too.
   */
  recoverCharge?: (providerChargeId: string) => Promise<RecoveredCharge | undefined>;
};

type LocalOrder = {
  amount: number;
  currencyCode: string;
  /** CREATED waits for the buyer's approval (the web's simulated PayPal step). */
  status: 'CREATED' | 'COMPLETED';
  captureId: string | null;
};

type LocalCapture = { amount: number; currencyCode: string; refunded: number };

/** The local provider's PayPal order ids (`lpp_…`) and capture ids (`lpc_…`). */
const ORDER_PREFIX = 'lpp_';

/**
 * ARCHITECTURE.md §4 `PaymentProvider`, PayPal simulated locally (issue 12; spec §7
 * paypal-capture): the default when no PayPal credentials are set. Works offline and says so
 * (`isLocal`). A charge creates an order waiting for approval (REQUIRES_ACTION, redirect with no
 * url: the web shows its own simulated PayPal step); `confirm` captures it once per order (the
 * answer of the first capture is kept); refunds go against the capture. Amounts are integer
 * minor units of ISO 4217 currencies. Orders, captures and idempotency keys live in memory;
 * after a restart they are recovered from the orders tables.
 */
export const createLocalPaypalProvider = ({
  recoverCharge,
}: LocalPaypalProviderOptions = {}): PaymentProvider => {
  const orders = new Map<string, LocalOrder>();
  const captures = new Map<string, LocalCapture>();
  const chargeAttempts = new Map<string, { fingerprint: string; orderId: string }>();
  const refundAttempts = new Map<string, { fingerprint: string; result: RefundResult }>();

  /** Loads an order (REQUIRES_ACTION) or a capture (COMPLETED) recorded before a restart. */
  const recover = async (id: string) => {
    if (orders.has(id) || captures.has(id) || !recoverCharge) return;
    const found = await recoverCharge(id);
    if (!found || orders.has(id) || captures.has(id)) return;
    const currencyCode = found.currencyCode.toUpperCase();
    if (found.status === 'REQUIRES_ACTION' && id.startsWith(ORDER_PREFIX)) {
      orders.set(id, { amount: found.amount, currencyCode, status: 'CREATED', captureId: null });
    } else if (found.status === 'COMPLETED') {
      captures.set(id, { amount: found.amount, currencyCode, refunded: found.refunded });
    }
  };

  const awaitingApproval = (orderId: string): ChargeResult => ({
    status: 'REQUIRES_ACTION',
    providerChargeId: orderId,
    nextAction: { type: 'redirect', url: null, clientSecret: null },
  });

  const attemptRefund = (request: RefundRequest): RefundResult => {
    const failed = (reason: string): RefundResult => ({
      status: 'FAILED',
      providerRefundId: null,
      reason,
    });
    const capture = captures.get(request.providerChargeId);
    if (!capture) return failed('PayPal (simulated locally) does not know this capture.');
    if (request.currencyCode.toUpperCase() !== capture.currencyCode) {
      return failed(`The refund must be in the capture's currency (${capture.currencyCode}).`);
    }
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
      return failed('The refund amount must be a positive whole number of minor units.');
    }
    const refundable = capture.amount - capture.refunded;
    if (request.amount > refundable) {
      return failed(
        `The refund is larger than what is left to refund (${refundable} minor units).`,
      );
    }
    capture.refunded += request.amount;
    return { status: 'SUCCEEDED', providerRefundId: newId('lpr'), reason: null };
  };

  return {
    name: 'local_paypal',
    isLocal: true,

    async charge(request: ChargeRequest) {
      assertValidMoney(request.amount, request.currencyCode);
      if (request.paymentMethod.type !== 'paypal') {
        return {
          status: 'INSTRUMENT_DECLINED',
          reason: 'The PayPal provider takes PayPal payments only.',
          providerChargeId: null,
        };
      }
      const fingerprint = `${request.amount} ${request.currencyCode.toUpperCase()}`;
      const previous = chargeAttempts.get(request.idempotencyKey);
      if (previous) {
        if (previous.fingerprint !== fingerprint) {
          throw new PaymentProviderError('payment_idempotency_conflict');
        }
        const order = orders.get(previous.orderId)!;
        return order.status === 'COMPLETED'
          ? {
              status: 'COMPLETED',
              providerChargeId: order.captureId!,
              cardBrand: null,
              cardLast4: null,
            }
          : awaitingApproval(previous.orderId);
      }
      const orderId = newId('lpp');
      orders.set(orderId, {
        amount: request.amount,
        currencyCode: request.currencyCode.toUpperCase(),
        status: 'CREATED',
        captureId: null,
      });
      chargeAttempts.set(request.idempotencyKey, { fingerprint, orderId });
      return awaitingApproval(orderId);
    },

    /** Captures the order the buyer approved in the simulated PayPal step; again: the same capture. */
    async confirm(orderId) {
      await recover(orderId);
      const order = orders.get(orderId);
      if (!order) throw new PaymentProviderError('payment_charge_unknown');
      if (order.status === 'CREATED') {
        const captureId = newId('lpc');
        captures.set(captureId, {
          amount: order.amount,
          currencyCode: order.currencyCode,
          refunded: 0,
        });
        order.status = 'COMPLETED';
        order.captureId = captureId;
      }
      return {
        status: 'COMPLETED',
        providerChargeId: order.captureId!,
        cardBrand: null,
        cardLast4: null,
      };
    },

    async refund(request) {
      await recover(request.providerChargeId);
      const fingerprint = `${request.providerChargeId} ${request.amount} ${request.currencyCode}`;
      const previous = refundAttempts.get(request.idempotencyKey);
      if (previous) {
        if (previous.fingerprint !== fingerprint) {
          throw new PaymentProviderError('payment_idempotency_conflict');
        }
        return previous.result;
      }
      const result = attemptRefund(request);
      refundAttempts.set(request.idempotencyKey, { fingerprint, result });
      return result;
    },

    parseWebhook() {
      // Nothing settles a PayPal payment but its capture: no webhooks are taken for it.
      throw new PaymentWebhookSignatureError('PayPal webhooks are not accepted here.');
    },

    publicConfig() {
      return { provider: 'paypal', isLocal: true };
    },
  };
};
