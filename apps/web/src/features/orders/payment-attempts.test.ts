import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { createPaymentAttempts, isOutcomeUnknown } from './payment-attempts';

const sequentialKeys = () => {
  let count = 0;
  return () => `key-${(count += 1)}`;
};

describe('createPaymentAttempts', () => {
  it('sends a retry of the same request with the same key while its outcome is unknown', () => {
    const attempts = createPaymentAttempts(sequentialKeys());
    expect(attempts.keyFor('{"card":"4242"}')).toBe('key-1');
    expect(attempts.keyFor('{"card":"4242"}')).toBe('key-1');
  });

  it('starts a new attempt once the last one got an answer, even for the same request', () => {
    const attempts = createPaymentAttempts(sequentialKeys());
    attempts.keyFor('{"card":"0002"}');
    attempts.settle();
    expect(attempts.keyFor('{"card":"0002"}')).toBe('key-2');
  });

  it('starts a new attempt for a changed request', () => {
    const attempts = createPaymentAttempts(sequentialKeys());
    attempts.keyFor('{"card":"0002"}');
    expect(attempts.keyFor('{"card":"4242"}')).toBe('key-2');
    expect(attempts.keyFor('{"card":"4242"}')).toBe('key-2');
  });

  it('makes UUID keys by default', () => {
    expect(createPaymentAttempts().keyFor('{}')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('isOutcomeUnknown', () => {
  const apiError = (status: number | null, reason?: string) =>
    new ApiError({ status, code: 'conflict', message: 'No.', reason });

  it('holds for no response, a server error and a payment still in progress', () => {
    expect(isOutcomeUnknown(apiError(null))).toBe(true);
    expect(isOutcomeUnknown(apiError(503))).toBe(true);
    expect(isOutcomeUnknown(apiError(409, 'idempotency_in_progress'))).toBe(true);
  });

  it('does not hold for a refusal, which changed nothing', () => {
    expect(isOutcomeUnknown(apiError(400))).toBe(false);
    expect(isOutcomeUnknown(apiError(409, 'order_item_transition'))).toBe(false);
  });
});
