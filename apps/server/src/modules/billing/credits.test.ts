import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CREDITS_PER_ENTRY } from '@atelier/contract/billing/credits';
import type { DatabaseConnection } from '@/db/client';
import { creditEntries } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { newId } from '@/lib/ids';
import { createTestDatabase } from '@/testing/test-database';
import { createCreditsService } from './credits';

let connection: DatabaseConnection;
let credits: ReturnType<typeof createCreditsService>;
beforeAll(async () => {
  connection = await createTestDatabase();
  credits = createCreditsService({ db: connection.db });
});
afterAll(async () => connection.close());

const aStore = () => newId('sto');

const sumOfEntries = async (storeId: string): Promise<number> => {
  const [row] = await connection.db
    .select({ total: sql<string>`coalesce(sum(${creditEntries.credits}), 0)` })
    .from(creditEntries)
    .where(eq(creditEntries.storeId, storeId));
  return Number(row!.total);
};

const reasonOf = async (promise: Promise<unknown>): Promise<string | undefined> => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.reason ?? error.code;
    throw error;
  }
};

describe('credits ledger', () => {
  it('never goes negative and equals the sum of its entries, for any grants and concurrent spends', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ grant: fc.integer({ min: 1, max: 500 }) }),
            fc.record({ spends: fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 5 }) }),
          ),
          { maxLength: 8 },
        ),
        async (steps) => {
          const storeId = aStore();
          let expected = 0;
          for (const step of steps) {
            if ('grant' in step) {
              await credits.grant(storeId, {
                credits: step.grant,
                reason: 'test',
                idempotencyKey: newId('k'),
              });
              expected += step.grant;
            } else {
              const results = await Promise.allSettled(
                step.spends.map((amount) =>
                  credits.spendCredits(storeId, amount, 'test', newId('k')),
                ),
              );
              for (const [index, result] of results.entries()) {
                if (result.status === 'fulfilled') expected -= step.spends[index]!;
                else expect((result.reason as AppError).reason).toBe('credits_insufficient');
              }
            }
            const balance = await credits.balance(storeId);
            expect(balance).toBeGreaterThanOrEqual(0);
            expect(balance).toBe(expected);
            expect(await sumOfEntries(storeId)).toBe(balance);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('writes off, for any grants and spends, only what the soonest-expiring-first rule leaves', async () => {
    const day = 86_400_000;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            credits: fc.integer({ min: 1, max: 500 }),
            expiresInDays: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 6 }),
        fc.integer({ min: 0, max: 70 }),
        async (grants, spends, firstRunDay) => {
          const storeId = aStore();
          const start = Date.now();
          for (const grant of grants) {
            await credits.grant(storeId, {
              credits: grant.credits,
              reason: 'test',
              idempotencyKey: newId('k'),
              expiresAt:
                grant.expiresInDays === null ? null : new Date(start + grant.expiresInDays * day),
            });
          }
          const results = await Promise.allSettled(
            spends.map((amount) => credits.spendCredits(storeId, amount, 'test', newId('k'))),
          );
          const spent = results.reduce(
            (sum, result, index) => sum + (result.status === 'fulfilled' ? spends[index]! : 0),
            0,
          );
          // What is left of each grant when the spends took the soonest-expiring first.
          let toTake = spent;
          const left = grants
            .map((grant, order) => ({ ...grant, order }))
            .sort(
              (a, b) =>
                (a.expiresInDays ?? Infinity) - (b.expiresInDays ?? Infinity) || a.order - b.order,
            )
            .map((grant) => {
              const take = Math.min(grant.credits, toTake);
              toTake -= take;
              return { ...grant, left: grant.credits - take };
            });
          const granted = grants.reduce((sum, grant) => sum + grant.credits, 0);
          for (const runDay of [firstRunDay, firstRunDay, 61]) {
            await credits.expireDue(storeId, new Date(start + runDay * day));
            const expired = left
              .filter((grant) => grant.expiresInDays !== null && grant.expiresInDays <= runDay)
              .reduce((sum, grant) => sum + grant.left, 0);
            const balance = await credits.balance(storeId);
            expect(balance).toBe(granted - spent - expired);
            expect(await sumOfEntries(storeId)).toBe(balance);
          }
          const { entries } = await credits.history(storeId, { limit: 100 });
          const expiries = entries.filter((entry) => entry.kind === 'EXPIRY');
          expect(expiries.every((entry) => entry.credits < 0)).toBe(true);
          expect(expiries).toHaveLength(
            left.filter((grant) => grant.expiresInDays !== null && grant.left > 0).length,
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('lets exactly the affordable concurrent spends through', async () => {
    const storeId = aStore();
    await credits.grant(storeId, { credits: 1_000, reason: 'test', idempotencyKey: 'g1' });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) =>
        credits.spendCredits(storeId, 300, 'test', `spend-${index}`),
      ),
    );
    const ok = results.filter((result) => result.status === 'fulfilled');
    expect(ok).toHaveLength(3);
    expect(await credits.balance(storeId)).toBe(100);
    expect(await sumOfEntries(storeId)).toBe(100);
    const balancesAfter = ok.map((result) => result.value.balanceAfter).sort((a, b) => b - a);
    expect(balancesAfter).toEqual([700, 400, 100]);
  });

  it('refuses a spend over the balance naming the balance, and writes nothing', async () => {
    const storeId = aStore();
    await credits.grant(storeId, { credits: 50, reason: 'test', idempotencyKey: 'g1' });
    await expect(credits.spendCredits(storeId, 51, 'AI image', 's1')).rejects.toMatchObject({
      code: 'conflict',
      reason: 'credits_insufficient',
      message: expect.stringContaining('balance is 50'),
    });
    const { entries, balance } = await credits.history(storeId, {});
    expect(balance).toBe(50);
    expect(entries.map((entry) => entry.kind)).toEqual(['GRANT']);
    // A store that never had credits: balance 0, still nothing written.
    const other = aStore();
    expect(await reasonOf(credits.spendCredits(other, 1, 'AI', 's1'))).toBe('credits_insufficient');
    expect(await sumOfEntries(other)).toBe(0);
  });

  it.each([0, -5, 1.5, MAX_CREDITS_PER_ENTRY + 1, Number.NaN])(
    'refuses %s credits with 400 at the field',
    async (amount) => {
      const storeId = aStore();
      await expect(
        credits.grant(storeId, { credits: amount, reason: 'x', idempotencyKey: 'k' }),
      ).rejects.toMatchObject({ code: 'bad_request', details: [{ field: 'credits' }] });
      await expect(credits.spendCredits(storeId, amount, 'x', 'k')).rejects.toMatchObject({
        code: 'bad_request',
        details: [{ field: 'amount' }],
      });
      expect(await sumOfEntries(storeId)).toBe(0);
    },
  );

  it('records a grant, a spend and a refund once per key, also for concurrent retries', async () => {
    const storeId = aStore();
    const grants = await Promise.all(
      Array.from({ length: 4 }, () =>
        credits.grant(storeId, { credits: 500, reason: 'bundle', idempotencyKey: 'purchase-1' }),
      ),
    );
    expect(new Set(grants.map((entry) => entry.id)).size).toBe(1);
    expect(await credits.balance(storeId)).toBe(500);

    const spends = await Promise.all(
      Array.from({ length: 4 }, () => credits.spendCredits(storeId, 200, 'AI', 'job-1')),
    );
    expect(new Set(spends.map((entry) => entry.id)).size).toBe(1);
    expect(await credits.balance(storeId)).toBe(300);
    // A sequential retry after the balance fell below the amount still answers the first spend.
    await credits.spendCredits(storeId, 300, 'AI', 'job-2');
    expect((await credits.spendCredits(storeId, 300, 'AI', 'job-2')).balanceAfter).toBe(0);

    const refunds = await Promise.all(
      Array.from({ length: 3 }, () => credits.refundSpend(storeId, 'job-1', 'AI job failed')),
    );
    expect(new Set(refunds.map((entry) => entry.id)).size).toBe(1);
    expect(refunds[0]).toMatchObject({ kind: 'REFUND', credits: 200, balanceAfter: 200 });
    expect(await credits.balance(storeId)).toBe(200);
    expect(await sumOfEntries(storeId)).toBe(200);

    expect(await reasonOf(credits.refundSpend(storeId, 'no-such-job', 'x'))).toBe(
      'credit_spend_not_found',
    );
    // Another store cannot refund this store's spend.
    expect(await reasonOf(credits.refundSpend(aStore(), 'job-1', 'x'))).toBe(
      'credit_spend_not_found',
    );
  });

  it('expires what is left of expired grants once, spending the soonest-expiring grant first', async () => {
    const storeId = aStore();
    const day = 86_400_000;
    const start = Date.now();
    await credits.grant(storeId, {
      credits: 100,
      reason: 'old',
      idempotencyKey: 'a',
      expiresAt: new Date(start + 10 * day),
    });
    await credits.grant(storeId, {
      credits: 100,
      reason: 'newer',
      idempotencyKey: 'b',
      expiresAt: new Date(start + 20 * day),
    });
    await credits.grant(storeId, { credits: 50, reason: 'forever', idempotencyKey: 'c' });
    // 130 taken: all of the oldest grant, then 30 of the second.
    await credits.spendCredits(storeId, 130, 'AI', 's1');

    expect(await credits.expireDue(storeId, new Date(start + 5 * day))).toBe(0);
    // The first grant is used up: nothing to expire (no entry of 0).
    expect(await credits.expireDue(storeId, new Date(start + 11 * day))).toBe(0);
    expect(await credits.balance(storeId)).toBe(120);

    expect(await credits.expireDue(storeId, new Date(start + 21 * day))).toBe(1);
    expect(await credits.expireDue(storeId, new Date(start + 30 * day))).toBe(0);
    expect(await credits.balance(storeId)).toBe(50);
    const { entries } = await credits.history(storeId, {});
    expect(entries[0]).toMatchObject({ kind: 'EXPIRY', credits: -70, balanceAfter: 50 });
    expect(await sumOfEntries(storeId)).toBe(50);
  });

  it('spends a 30-day grant before an older 1-year bundle grant, so its expiry removes less', async () => {
    const storeId = aStore();
    const day = 86_400_000;
    const start = Date.now();
    await credits.grant(storeId, {
      credits: 1_000,
      reason: 'Beginner bundle',
      idempotencyKey: 'bundle',
      expiresAt: new Date(start + 365 * day),
    });
    await credits.grant(storeId, {
      credits: 500,
      reason: 'Welcome credits',
      idempotencyKey: 'welcome',
      expiresAt: new Date(start + 30 * day),
    });
    await credits.spendCredits(storeId, 300, 'AI images', 's1');

    // Oldest first would have spent the bundle and written off all 500 here.
    expect(await credits.expireDue(storeId, new Date(start + 31 * day))).toBe(1);
    let history = await credits.history(storeId, {});
    expect(history.entries[0]).toMatchObject({
      kind: 'EXPIRY',
      credits: -200,
      balanceAfter: 1_000,
    });
    expect(history.balance).toBe(1_000);

    // The bundle is whole when it expires.
    expect(await credits.expireDue(storeId, new Date(start + 366 * day))).toBe(1);
    history = await credits.history(storeId, {});
    expect(history.entries[0]).toMatchObject({ kind: 'EXPIRY', credits: -1_000, balanceAfter: 0 });
    expect(await sumOfEntries(storeId)).toBe(0);
  });

  it('spends never-expiring credits last and expired credits only when nothing else is left', async () => {
    const storeId = aStore();
    const day = 86_400_000;
    const start = Date.now();
    await credits.grant(storeId, { credits: 100, reason: 'forever', idempotencyKey: 'forever' });
    await credits.grant(storeId, {
      credits: 100,
      reason: 'in 20 days',
      idempotencyKey: 'later',
      expiresAt: new Date(start + 20 * day),
    });
    await credits.grant(storeId, {
      credits: 100,
      reason: 'in 10 days',
      idempotencyKey: 'sooner',
      expiresAt: new Date(start + 10 * day),
    });
    // 150: all of the 10-day grant, then 50 of the 20-day one; the never-expiring one is whole.
    await credits.spendCredits(storeId, 150, 'AI', 's1');
    expect(await credits.expireDue(storeId, new Date(start + 11 * day))).toBe(0);
    expect(await credits.expireDue(storeId, new Date(start + 21 * day))).toBe(1);
    const history = await credits.history(storeId, {});
    expect(history.entries[0]).toMatchObject({ kind: 'EXPIRY', credits: -50, balanceAfter: 100 });
    expect(history.balance).toBe(100);

    // A grant already expired but not yet written off is spent only after every live one.
    const late = aStore();
    await credits.grant(late, {
      credits: 100,
      reason: 'expired yesterday',
      idempotencyKey: 'expired',
      expiresAt: new Date(start - day),
    });
    await credits.grant(late, { credits: 100, reason: 'forever', idempotencyKey: 'forever' });
    await credits.spendCredits(late, 150, 'AI', 's1');
    expect(await credits.expireDue(late, new Date(start))).toBe(1);
    expect((await credits.history(late, {})).entries[0]).toMatchObject({
      kind: 'EXPIRY',
      credits: -50,
      balanceAfter: 0,
    });
  });

  it('pages the history newest first with a cursor, one store only', async () => {
    const storeId = aStore();
    for (let index = 1; index <= 5; index += 1) {
      await credits.grant(storeId, {
        credits: index,
        reason: `g${index}`,
        idempotencyKey: `${index}`,
      });
    }
    await credits.grant(aStore(), { credits: 9, reason: 'other store', idempotencyKey: '1' });
    const first = await credits.history(storeId, { limit: 2 });
    expect(first.entries.map((entry) => entry.reason)).toEqual(['g5', 'g4']);
    expect(first.balance).toBe(15);
    const second = await credits.history(storeId, { limit: 2, cursor: first.nextCursor! });
    expect(second.entries.map((entry) => entry.reason)).toEqual(['g3', 'g2']);
    const third = await credits.history(storeId, { limit: 2, cursor: second.nextCursor! });
    expect(third.entries.map((entry) => entry.reason)).toEqual(['g1']);
    expect(third.nextCursor).toBeNull();
    await expect(credits.history(storeId, { cursor: 'garbage' })).rejects.toMatchObject({
      code: 'bad_request',
      details: [{ field: 'query.cursor' }],
    });
  });
});
