import type { Clock } from '@/lib/clock';
import { AppError } from '@/lib/app-error';
import type { LoginFailureRepository, LoginFailureRow } from './login-failure.repository';

const HOUR_MS = 60 * 60 * 1000;

type Rule = {
  maxFailuresPerHour: number;
  freeConsecutiveFailures: number;
  /** Whether a right password ends the run of consecutive failures (and with it the delay). */
  isDelayEndedBySuccess: boolean;
};

/**
 * Throttle limits, per key (issue #2's 100 failures an hour per account; issue 9). Which keys an
 * attempt counts on depends on whether its address has a good history with the account: see
 * `createLoginThrottle`.
 */
export const THROTTLE_RULES = {
  /** One account, over every address that has no good history with it. */
  account: { maxFailuresPerHour: 100, freeConsecutiveFailures: 3, isDelayEndedBySuccess: true },
  /** One account from one address: the only limit once the account has logged in from there. */
  accountAddress: {
    maxFailuresPerHour: 100,
    freeConsecutiveFailures: 3,
    isDelayEndedBySuccess: true,
  },
  /**
   * One address, over the accounts it has no good history with (made-up e-mails included). No
   * login ends its delay, so logging in to one's own account can't reset it between guesses; the
   * run starts again with the next hour's window.
   */
  address: { maxFailuresPerHour: 1000, freeConsecutiveFailures: 20, isDelayEndedBySuccess: false },
} as const satisfies Record<string, Rule>;
/** The exponential delay doubles from 1 s and stops growing here. */
export const MAX_DELAY_MS = 30_000;

type RuleName = keyof typeof THROTTLE_RULES;

/** Delay before the next attempt after `consecutive` failures: 0, …, 1 s, 2 s, 4 s … 30 s. */
export const delayAfterFailures = (consecutive: number, rule: Rule): number => {
  const excess = consecutive - rule.freeConsecutiveFailures;
  if (excess < 0) return 0;
  return Math.min(1000 * 2 ** excess, MAX_DELAY_MS);
};

/** The row as its rule sees it at `now`: an hour after its window started, a new one starts. */
const currentWindow = (row: LoginFailureRow, rule: Rule, now: Date): LoginFailureRow => {
  if (now.getTime() - row.windowStartedAt.getTime() < HOUR_MS) return row;
  return {
    ...row,
    failureCount: 0,
    consecutiveCount: rule.isDelayEndedBySuccess ? row.consecutiveCount : 0,
    windowStartedAt: now,
  };
};

/** How long the key refuses attempts from `now` (0: it allows one). */
const waitMs = (row: LoginFailureRow, rule: Rule, now: Date): number => {
  const untilWindowEnd =
    row.failureCount >= rule.maxFailuresPerHour
      ? row.windowStartedAt.getTime() + HOUR_MS - now.getTime()
      : 0;
  const untilDelayEnd =
    row.lastFailureAt.getTime() + delayAfterFailures(row.consecutiveCount, rule) - now.getTime();
  return Math.max(untilWindowEnd, untilDelayEnd, 0);
};

const tooMany = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(
    'rate_limited',
    `Too many failed log-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { reason: 'login_throttled', headers: { 'retry-after': String(seconds) } },
  );
};

/** An attempt the throttle let through; hand it back to `recordSuccess` if the password is right. */
export type ClaimedAttempt = {
  /** The keys the attempt counts on, with the rule of each. */
  counted: { key: string; rule: RuleName }[];
  accountAddressKey: string;
};

/**
 * Login throttling after OWASP's credential stuffing and authentication cheat sheets (issue 9),
 * shared by the store and supplier logins (`verifyCredentials`) and invitation links. Each
 * attempt counts on keys, each with a rule (`THROTTLE_RULES`): at most so many failures an hour,
 * and an exponential delay (1 s doubling to 30 s) after the first few consecutive failures.
 *
 * - An address with a good history with the account (a right password from it before) counts
 *   only on the (account, address) key: someone failing against the account elsewhere, or
 *   against other accounts from the same address, can't lock its owner out there. Only failures
 *   from that very address throttle it.
 * - Any other attempt counts on the account (a guesser gets 100 tries an hour, however many
 *   addresses they use), on the (account, address) pair, and on the address: across all the
 *   accounts it has no good history with, an address gets 20 failures, then the delay (which no
 *   login ends), and at most 1000 an hour (credential stuffing). A made-up e-mail is such an
 *   attempt too, so a refusal tells nobody which e-mails have accounts (only, to someone at that
 *   address, that an account has logged in from it).
 * - A claimed attempt counts as a failure until its password proves right, so of simultaneous
 *   logins to one account, right or wrong, three at most (fewer after recent failures) are
 *   checked and the others refused.
 *
 * Behind a proxy without TRUST_PROXY every client has the proxy's address: users who have logged
 * in before still get in while the address is throttled; new ones wait for it.
 *
 * `claimAttempt` counts the attempt as a failure in the database before the password is checked
 * (one transaction with the rows locked), so simultaneous attempts can't all pass one check; a
 * right password gives the claim back (`recordSuccess`).
 */
export const createLoginThrottle = (repository: LoginFailureRepository, clock: Clock) => {
  const keysFor = (email: string, address: string) => ({
    account: `account:${email}`,
    // An IP address has no '|': the key can't be read two ways.
    accountAddress: `account-address:${address}|${email}`,
    address: `address:${address}`,
  });

  return {
    /**
     * Counts an attempt to log in to `email` from `address` as a failure, or throws `rate_limited`
     * (reason `login_throttled`, a Retry-After header and the seconds in the message) without
     * counting it when one of its keys refuses attempts now. `email` must be normalised.
     */
    async claimAttempt(email: string, address: string): Promise<ClaimedAttempt> {
      const keys = keysFor(email, address);
      const now = clock.now();
      return repository.updateLocked(Object.values(keys), now, (rows) => {
        const rowOf = (name: RuleName) => {
          const row = rows.find((candidate) => candidate.key === keys[name]);
          if (!row) throw new Error(`login throttle row ${keys[name]} is missing`);
          return currentWindow(row, THROTTLE_RULES[name], now);
        };
        const hasGoodHistory = rowOf('accountAddress').lastSuccessAt !== null;
        const names: RuleName[] = hasGoodHistory
          ? ['accountAddress']
          : ['account', 'accountAddress', 'address'];
        const wait = Math.max(
          ...names.map((name) => waitMs(rowOf(name), THROTTLE_RULES[name], now)),
        );
        if (wait > 0) throw tooMany(wait);
        const changed = names.map((name) => {
          const row = rowOf(name);
          return {
            ...row,
            failureCount: row.failureCount + 1,
            consecutiveCount: row.consecutiveCount + 1,
            lastFailureAt: now,
          };
        });
        const counted = names.map((name) => ({ key: keys[name], rule: name }));
        return { changed, result: { counted, accountAddressKey: keys.accountAddress } };
      });
    },

    /**
     * The password was right: gives the claimed failure back, ends the delay of the account and
     * of the (account, address) pair (not the address's), and gives the address a good history
     * with the account. The hourly counts keep the attempts before, so guessing can't reset them.
     */
    async recordSuccess(attempt: ClaimedAttempt): Promise<void> {
      const now = clock.now();
      for (const { key, rule } of attempt.counted) {
        await repository.giveBack(key, {
          isDelayEnded: THROTTLE_RULES[rule].isDelayEndedBySuccess,
          ...(key === attempt.accountAddressKey ? { succeededAt: now } : {}),
        });
      }
    },
  };
};
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
