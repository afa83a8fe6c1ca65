import type { Clock } from '@/lib/clock';
import { AppError } from '@/lib/app-error';
import type { LoginFailureRepository, LoginFailureRow } from './login-failure.repository';

const HOUR_MS = 60 * 60 * 1000;

/** Throttle limits; per account from issue #2 (100 failures an hour), per address looser. */
export const THROTTLE_RULES = {
  account: { maxFailuresPerHour: 100, freeConsecutiveFailures: 3 },
  address: { maxFailuresPerHour: 1000, freeConsecutiveFailures: 20 },
} as const;
/** The exponential delay doubles from 1 s and stops growing here. */
export const MAX_DELAY_MS = 30_000;

type Rule = (typeof THROTTLE_RULES)[keyof typeof THROTTLE_RULES];

/** Delay before the next attempt after `consecutive` failures: 0, …, 1 s, 2 s, 4 s … 30 s. */
export const delayAfterFailures = (consecutive: number, rule: Rule): number => {
  const excess = consecutive - rule.freeConsecutiveFailures;
  if (excess < 0) return 0;
  return Math.min(1000 * 2 ** excess, MAX_DELAY_MS);
};

const tooMany = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(
    'rate_limited',
    `Too many failed log-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { reason: 'login_throttled', headers: { 'retry-after': String(seconds) } },
  );
};

/**
 * Login throttling per account and per client address: at most 100 failures an hour per account,
 * and an exponential delay between attempts after the first few consecutive failures.
 */
export const createLoginThrottle = (repository: LoginFailureRepository, clock: Clock) => {
  const keysFor = (email: string, address: string) => ({
    account: `account:${email}`,
    address: `address:${address}`,
  });

  return {
    /** Throws `rate_limited` (with Retry-After) when an attempt is not allowed now. */
    async assertAllowed(email: string, address: string): Promise<void> {
      const keys = keysFor(email, address);
      const rows = await repository.findMany([keys.account, keys.address]);
      const now = clock.now().getTime();
      for (const [kind, key] of Object.entries(keys) as [keyof typeof keys, string][]) {
        const row = rows.find((candidate) => candidate.key === key);
        if (!row) continue;
        const rule = THROTTLE_RULES[kind];
        const windowEnd = row.windowStartedAt.getTime() + HOUR_MS;
        if (now < windowEnd && row.failureCount >= rule.maxFailuresPerHour) {
          throw tooMany(windowEnd - now);
        }
        const nextAllowed =
          row.lastFailureAt.getTime() + delayAfterFailures(row.consecutiveCount, rule);
        if (now < nextAllowed) throw tooMany(nextAllowed - now);
      }
    },

    async recordFailure(email: string, address: string): Promise<void> {
      const keys = keysFor(email, address);
      const rows = await repository.findMany([keys.account, keys.address]);
      const now = clock.now();
      for (const key of [keys.account, keys.address]) {
        const previous = rows.find((candidate) => candidate.key === key);
        const isWindowOver =
          !previous || now.getTime() - previous.windowStartedAt.getTime() >= HOUR_MS;
        const next: LoginFailureRow = {
          key,
          failureCount: isWindowOver ? 1 : previous.failureCount + 1,
          consecutiveCount: (previous?.consecutiveCount ?? 0) + 1,
          windowStartedAt: isWindowOver ? now : previous.windowStartedAt,
          lastFailureAt: now,
          isLocked: false,
        };
        await repository.upsert(next);
      }
    },

    /** A success ends the delay; the hourly count stays, so guessing can't reset it. */
    async recordSuccess(email: string, address: string): Promise<void> {
      const keys = keysFor(email, address);
      await repository.resetConsecutive([keys.account, keys.address]);
    },
  };
};
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
