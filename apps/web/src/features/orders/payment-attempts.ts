import { isApiError } from '@/lib/api-error';

/**
 * Whether a failed payment request may have reached the provider without its answer reaching
 * us: no response, a server error, or the server still working on the same key. Only then is
 * the request sent again as the same attempt; any other refusal changed nothing.
 */
export const isOutcomeUnknown = (error: unknown): boolean =>
  !isApiError(error) ||
  error.status === null ||
  error.status >= 500 ||
  error.reason === 'idempotency_in_progress';

type Attempt = { key: string; body: string; isSettled: boolean };

/**
 * The `Idempotency-Key`s of one checkout's payment attempts. An attempt is one request body: a
 * retry of it (the same body, its outcome unknown) reuses its key, so the server replays the
 * first answer instead of charging again; a changed body, or a request sent after an answer
 * (a decline, a refusal), is a new attempt with a new key.
 */
export const createPaymentAttempts = (newKey: () => string = () => crypto.randomUUID()) => {
  let last: Attempt | null = null;
  return {
    /** The key to send `body` with (JSON of the request). */
    keyFor(body: string): string {
      if (last && !last.isSettled && last.body === body) return last.key;
      last = { key: newKey(), body, isSettled: false };
      return last.key;
    },
    /** The last attempt got an answer: the next request, even the same one, is a new attempt. */
    settle() {
      if (last) last.isSettled = true;
    },
  };
};
export type PaymentAttempts = ReturnType<typeof createPaymentAttempts>;
