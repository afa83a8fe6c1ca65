import { createHash } from 'node:crypto';
import type { Database } from '@/db/client';
import { AppError } from '@/lib/app-error';
import { createIdempotencyRecords } from '../orders';

/** How long the first answer to a billing POST is replayed for its `Idempotency-Key` (24 h). */
export const BILLING_IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How often a process forgets expired keys (on a keyed POST, not more often than this). */
const EXPIRY_INTERVAL_MS = 60 * 1000;
/** The key as checkout takes it: 8 to 255 visible ASCII characters (a UUID). */
const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;

/** The `scope` of each billing POST that moves money (kept with its key). */
export type BillingIdempotencyScope =
  'billing.change_plan' | 'billing.buy_bundle' | 'billing.set_seats' | 'billing.reactivate';

/** The first `Idempotency-Key` header value of a request, if any. */
export const idempotencyKeyOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Issue 13: billing's money-moving POSTs (change plan, buy a bundle, seats, reactivate) honour an
 * optional `Idempotency-Key` as checkout does (orders' `idempotency_records`, under a billing
 * `scope`). Without a key the request runs as it is. With one, per store: the first answer (200
 * and its body) is replayed for 24 h for the same key and body; the same key with another body
 * or another endpoint is 409 `idempotency_key_reused`; while the first runs, 409
 * `idempotency_in_progress` (nothing charged twice). A request that throws (a refusal: 4xx,
 * nothing charged) stores nothing, so the same key may be sent again. A key that is not 8 to 255
 * visible characters is 400 at `Idempotency-Key`.
 */
export const createBillingIdempotency = ({
  db,
  now = () => new Date(),
}: {
  db: Database;
  /** Server time (the records' `created_at` is the database's). */
  now?: () => Date;
}) => {
  const records = createIdempotencyRecords(db);
  let keysExpiredAt = Number.NEGATIVE_INFINITY;
  const expireKeys = async () => {
    const at = now().getTime();
    if (at - keysExpiredAt < EXPIRY_INTERVAL_MS) return;
    keysExpiredAt = at;
    await records.expire(new Date(at - BILLING_IDEMPOTENCY_TTL_MS));
  };

  return {
    /**
     * Runs `task` once per `key` of the store (see `createBillingIdempotency`); `request` is what
     * the key stands for (the parsed body, and path params). Must not run inside a transaction
     * (PGlite has one connection).
     */
    async run<T>(
      storeId: string,
      key: string | undefined,
      scope: BillingIdempotencyScope,
      request: unknown,
      task: () => Promise<T>,
    ): Promise<T> {
      if (key === undefined) return task();
      if (!KEY_PATTERN.test(key)) {
        throw new AppError('bad_request', 'The Idempotency-Key header is not valid.', {
          details: [
            {
              field: 'Idempotency-Key',
              message: 'A unique key per attempt: 8 to 255 visible characters (a UUID).',
            },
          ],
        });
      }
      const requestHash = createHash('sha256')
        .update(`${scope}\n${JSON.stringify(request)}`)
        .digest('hex');
      await expireKeys();
      let claim = await records.claim(storeId, key, scope, requestHash);
      if (
        !claim.claimed &&
        claim.existing.createdAt.getTime() <= now().getTime() - BILLING_IDEMPOTENCY_TTL_MS
      ) {
        // Older than 24 h and not swept yet: forgotten, as if it had been.
        await records.release(storeId, key);
        claim = await records.claim(storeId, key, scope, requestHash);
      }
      if (!claim.claimed) {
        if (claim.existing.requestHash !== requestHash) {
          throw new AppError(
            'conflict',
            'This Idempotency-Key was used for another request; use a new key.',
            { reason: 'idempotency_key_reused' },
          );
        }
        if (!claim.existing.isComplete) {
          throw new AppError(
            'conflict',
            'A request with this Idempotency-Key is being processed; retry shortly.',
            { reason: 'idempotency_in_progress' },
          );
        }
        return claim.existing.responseBody as T;
      }
      let answer: T;
      try {
        answer = await task();
      } catch (error) {
        await records.release(storeId, key);
        throw error;
      }
      await records.complete(storeId, key, 200, answer);
      return answer;
    },
  };
};
export type BillingIdempotency = ReturnType<typeof createBillingIdempotency>;
