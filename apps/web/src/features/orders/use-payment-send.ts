import { useRef } from 'react';
import type { Payment } from '@atelier/contract/orders/invoice';
import { isApiError } from '@/lib/api-error';
import type { PaymentOutcome } from './components/payment-alerts';
import { isOutcomeUnknown, type PaymentAttempts } from './payment-attempts';

type PaymentSendOptions<Body> = {
  attempts: PaymentAttempts;
  /** The payment request itself, sent with the attempt's `Idempotency-Key`. */
  request: (variables: { body: Body; idempotencyKey: string }) => Promise<Payment>;
  setOutcome: (outcome: PaymentOutcome | null) => void;
  onAnswer: (payment: Payment) => void;
  /** A refusal: the request changed nothing. */
  onRefused: (error: unknown) => void;
};

/**
 * Sends a payment request as an attempt of `attempts`, one at a time (`isSending`): a retry of an
 * attempt whose answer never came (outcome `unknown`) reuses its key, and anything sent after an
 * answer or a refusal is a new attempt.
 */
export const usePaymentSend = <Body>({
  attempts,
  request,
  setOutcome,
  onAnswer,
  onRefused,
}: PaymentSendOptions<Body>) => {
  const isSending = useRef(false);

  const send = async (body: Body) => {
    if (isSending.current) return;
    isSending.current = true;
    setOutcome(null);
    const idempotencyKey = attempts.keyFor(JSON.stringify(body));
    try {
      const payment = await request({ body, idempotencyKey });
      attempts.settle();
      onAnswer(payment);
    } catch (error) {
      if (isOutcomeUnknown(error)) {
        setOutcome({
          kind: 'unknown',
          message: isApiError(error) ? error.message : 'The payment could not be sent.',
          retry: () => void send(body),
        });
      } else {
        attempts.settle();
        onRefused(error);
      }
    } finally {
      isSending.current = false;
    }
  };

  return { send, isSending };
};
