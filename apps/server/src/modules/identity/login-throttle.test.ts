import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '@atelier/contract/identity/account';
import { expectApiError } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const WRONG_PASSWORD = 'not the password';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => context.close());

let addressCounter = 0;
/** A client address no other test uses, so per-address counts never leak between tests. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

const attemptLogin = (email: string, password: string, remoteAddress: string) =>
  context.app.inject({
    method: 'POST',
    url: login.path,
    payload: { email, password },
    remoteAddress,
  });

/** Asserts a throttled answer and returns its Retry-After in seconds. */
const expectThrottled = (response: LightMyRequestResponse): number => {
  expectApiError(response, 429, { code: 'rate_limited', reason: 'login_throttled' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(response.json().error.message).toContain(`${retryAfter} second`);
  return retryAfter;
};

const failTimes = async (times: number, email: string, address: string) => {
  for (let failure = 0; failure < times; failure += 1) {
    expect((await attemptLogin(email, WRONG_PASSWORD, address)).statusCode).toBe(401);
  }
};

let guessCounter = 0;
/** An e-mail no account has, as a credential-stuffing list would try. */
const madeUpEmail = () => {
  guessCounter += 1;
  return `made-up-${guessCounter}@example.com`;
};

/** Fails `times` times from `address`, each with another made-up e-mail (no account throttled). */
const guessTimes = async (times: number, address: string) => {
  for (let failure = 0; failure < times; failure += 1) {
    expect((await attemptLogin(madeUpEmail(), WRONG_PASSWORD, address)).statusCode).toBe(401);
  }
};

/** Logs in with the right password: the address now has a good history with the account. */
const logInFrom = async (input: { email: string; password: string }, address: string) => {
  const response = await attemptLogin(input.email, input.password, address);
  expect(response.statusCode, response.body).toBe(200);
};

/** The status codes of many attempts sent at once, counted: { 401: n, 429: m }. */
const countStatuses = async (attempts: Promise<LightMyRequestResponse>[]) => {
  const counts: Record<number, number> = {};
  for (const response of await Promise.all(attempts)) {
    counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  }
  return counts;
};

describe('login throttling', () => {
  it('allows three failures in a row without delay', async () => {
    const { input } = await registerAccount(context);
    const address = freshAddress();
    await failTimes(3, input.email, address);
  });

  it('refuses the attempt after three failures within the delay, even with the right password', async () => {
    const { input } = await registerAccount(context);
    const address = freshAddress();
    await failTimes(3, input.email, address);

    const response = await attemptLogin(input.email, input.password, address);
    expect(expectThrottled(response)).toBe(1);
  });

  it('lets the right password in once the delay has passed', async () => {
    const { input } = await registerAccount(context);
    const address = freshAddress();
    await failTimes(3, input.email, address);
    expect((await attemptLogin(input.email, input.password, address)).statusCode).toBe(429);

    context.clock.advance(SECOND);
    expect((await attemptLogin(input.email, input.password, address)).statusCode).toBe(200);
  });

  it('doubles the delay with each further failure, up to 30 s', async () => {
    const { input } = await registerAccount(context);
    const address = freshAddress();
    await failTimes(3, input.email, address);

    const delays: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      const retryAfter = expectThrottled(await attemptLogin(input.email, WRONG_PASSWORD, address));
      delays.push(retryAfter);
      context.clock.advance(retryAfter * SECOND);
      expect((await attemptLogin(input.email, WRONG_PASSWORD, address)).statusCode).toBe(401);
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 30, 30]);
  });

  it('counts a throttled attempt as no failure, so it does not extend the delay', async () => {
    const { input } = await registerAccount(context);
    const address = freshAddress();
    await failTimes(3, input.email, address);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectThrottled(await attemptLogin(input.email, WRONG_PASSWORD, address));
    }
    context.clock.advance(SECOND);
    expect((await attemptLogin(input.email, input.password, address)).statusCode).toBe(200);
  });

  it('ends the delay after a successful login', async () => {
    const { input } = await registerAccount(context);
    const address = freshAddress();
    await failTimes(3, input.email, address);
    context.clock.advance(SECOND);
    expect((await attemptLogin(input.email, input.password, address)).statusCode).toBe(200);
    await failTimes(3, input.email, address);
  });

  it('throttles an unknown e-mail like a known one', async () => {
    const address = freshAddress();
    await failTimes(3, 'nobody-at-all@example.com', address);
    expectThrottled(await attemptLogin('nobody-at-all@example.com', WRONG_PASSWORD, address));
  });

  it('throttles the account whatever the case of its e-mail', async () => {
    const { input } = await registerAccount(context);
    const address = freshAddress();
    await failTimes(3, input.email.toUpperCase(), address);
    expectThrottled(await attemptLogin(input.email, input.password, address));
  });

  it('refuses the right password from new addresses after 100 failures in an hour until the hour has passed, but not from an address the account logged in from', async () => {
    const { input } = await registerAccount(context);
    const home = freshAddress();
    await logInFrom(input, home);
    const address = freshAddress();
    const start = context.clock.now().getTime();
    // Every delay is at most 30 s, so 100 failures fit in 50 minutes.
    for (let failure = 1; failure <= 100; failure += 1) {
      const response = await attemptLogin(input.email, WRONG_PASSWORD, address);
      expect(response.statusCode, `failure ${failure}`).toBe(401);
      context.clock.advance(30 * SECOND);
    }

    const refused = await attemptLogin(input.email, input.password, address);
    const retryAfter = expectThrottled(refused);
    const windowEnd = start + HOUR;
    expect(retryAfter).toBe(Math.ceil((windowEnd - context.clock.now().getTime()) / SECOND));
    expect(retryAfter).toBeGreaterThan(30);

    context.clock.advance(windowEnd - context.clock.now().getTime() - SECOND);
    expectThrottled(await attemptLogin(input.email, input.password, freshAddress()));
    await logInFrom(input, home);

    context.clock.advance(SECOND);
    expect((await attemptLogin(input.email, input.password, address)).statusCode).toBe(200);
  }, 60_000);
});

describe('login throttling per client address', () => {
  it('throttles the account from every address', async () => {
    const { input } = await registerAccount(context);
    await failTimes(3, input.email, freshAddress());
    expectThrottled(await attemptLogin(input.email, input.password, freshAddress()));
  });

  it('does not throttle another account from the address an account was throttled from', async () => {
    const first = await registerAccount(context);
    const second = await registerAccount(context);
    const address = freshAddress();
    await failTimes(3, first.input.email, address);
    expectThrottled(await attemptLogin(first.input.email, first.input.password, address));
    const response = await attemptLogin(second.input.email, second.input.password, address);
    expect(response.statusCode).toBe(200);
  });

  it('throttles an address after 20 failures across many accounts, and that address only', async () => {
    const { input } = await registerAccount(context);
    const address = freshAddress();
    // One failure per e-mail: no account is throttled, only the address.
    for (let failure = 0; failure < 20; failure += 1) {
      const email = `guess-${addressCounter}-${failure}@example.com`;
      expect((await attemptLogin(email, WRONG_PASSWORD, address)).statusCode).toBe(401);
    }

    expectThrottled(await attemptLogin(input.email, input.password, address));
    expect((await attemptLogin(input.email, input.password, freshAddress())).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const { input } = await registerAccount(context);
    const address = freshAddress();
    for (let failure = 0; failure < 20; failure += 1) {
      await context.app.inject({
        method: 'POST',
        url: login.path,
        payload: { email: `direct-${address}-${failure}@example.com`, password: WRONG_PASSWORD },
        headers: { 'x-forwarded-for': freshAddress() },
        remoteAddress: address,
      });
    }
    const spoofed = await context.app.inject({
      method: 'POST',
      url: login.path,
      payload: { email: input.email, password: input.password },
      headers: { 'x-forwarded-for': freshAddress() },
      remoteAddress: address,
    });
    expectThrottled(spoofed);
  });

  it('takes the address from X-Forwarded-For behind a proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    const { input } = await registerAccount(proxied);
    const forwarded = freshAddress();
    for (let failure = 0; failure < 20; failure += 1) {
      const response = await proxied.app.inject({
        method: 'POST',
        url: login.path,
        payload: { email: `xff-${forwarded}-${failure}@example.com`, password: WRONG_PASSWORD },
        headers: { 'x-forwarded-for': forwarded },
      });
      expect(response.statusCode).toBe(401);
    }
    const throttled = await proxied.app.inject({
      method: 'POST',
      url: login.path,
      payload: { email: input.email, password: input.password },
      headers: { 'x-forwarded-for': forwarded },
    });
    expectThrottled(throttled);
    const otherClient = await proxied.app.inject({
      method: 'POST',
      url: login.path,
      payload: { email: input.email, password: input.password },
      headers: { 'x-forwarded-for': freshAddress() },
    });
    expect(otherClient.statusCode).toBe(200);
    await proxied.close();
  });

  it('answers a forwarded address that is not an IP address without a server error', async () => {
    const { input } = await registerAccount(context);
    for (const forwarded of ['x'.repeat(10_000), 'not-an-ip', ' , , ', '💥', '1.2.3.4.5']) {
      const response = await context.app.inject({
        method: 'POST',
        url: login.path,
        payload: { email: input.email, password: WRONG_PASSWORD },
        headers: { 'x-forwarded-for': forwarded },
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe('login throttling of an address with a good history (OWASP credential stuffing)', () => {
  it('lets a user in with the right password from an address they logged in from, after that address hit its limit with made-up e-mails', async () => {
    const { input } = await registerAccount(context);
    const address = freshAddress();
    await logInFrom(input, address);
    await guessTimes(20, address);
    expectThrottled(await attemptLogin(madeUpEmail(), WRONG_PASSWORD, address));

    await logInFrom(input, address);
  });

  it('still refuses, from that address, the right password of an account that never logged in from it', async () => {
    const known = await registerAccount(context);
    const stranger = await registerAccount(context);
    const address = freshAddress();
    await logInFrom(known.input, address);
    await guessTimes(20, address);

    expectThrottled(await attemptLogin(stranger.input.email, stranger.input.password, address));
    await logInFrom(known.input, address);
  });

  it("does not end an address's delay when someone logs in to their own account from it", async () => {
    const attacker = await registerAccount(context);
    const address = freshAddress();
    await logInFrom(attacker.input, address);
    await guessTimes(20, address);
    expectThrottled(await attemptLogin(madeUpEmail(), WRONG_PASSWORD, address));

    await logInFrom(attacker.input, address);
    expectThrottled(await attemptLogin(madeUpEmail(), WRONG_PASSWORD, address));
    context.clock.advance(SECOND);
    expect((await attemptLogin(madeUpEmail(), WRONG_PASSWORD, address)).statusCode).toBe(401);
    expect(expectThrottled(await attemptLogin(madeUpEmail(), WRONG_PASSWORD, address))).toBe(2);
  });

  it('lets the owner in from an address they logged in from while another address has throttled their account', async () => {
    const { input } = await registerAccount(context);
    const home = freshAddress();
    await logInFrom(input, home);
    const attacker = freshAddress();
    await failTimes(3, input.email, attacker);
    expectThrottled(await attemptLogin(input.email, input.password, attacker));
    expectThrottled(await attemptLogin(input.email, input.password, freshAddress()));

    await logInFrom(input, home);
  });

  it('still throttles failures from an address the account logged in from', async () => {
    const { input } = await registerAccount(context);
    const home = freshAddress();
    await logInFrom(input, home);
    await failTimes(3, input.email, home);
    expect(expectThrottled(await attemptLogin(input.email, input.password, home))).toBe(1);
    context.clock.advance(SECOND);
    await logInFrom(input, home);
  });
});

describe('login throttling of simultaneous attempts', () => {
  it('evaluates only three of 100 simultaneous wrong passwords for one account and refuses the rest', async () => {
    const { input } = await registerAccount(context);
    const address = freshAddress();
    const attempts = Array.from({ length: 100 }, () =>
      attemptLogin(input.email, WRONG_PASSWORD, address),
    );
    expect(await countStatuses(attempts)).toEqual({ 401: 3, 429: 97 });
  }, 60_000);

  it('evaluates only three of 60 simultaneous wrong passwords for one account from 60 addresses', async () => {
    const { input } = await registerAccount(context);
    const attempts = Array.from({ length: 60 }, () =>
      attemptLogin(input.email, WRONG_PASSWORD, freshAddress()),
    );
    expect(await countStatuses(attempts)).toEqual({ 401: 3, 429: 57 });
  }, 60_000);

  it('evaluates only 20 of 100 simultaneous made-up e-mails from one address', async () => {
    const address = freshAddress();
    const attempts = Array.from({ length: 100 }, () =>
      attemptLogin(madeUpEmail(), WRONG_PASSWORD, address),
    );
    expect(await countStatuses(attempts)).toEqual({ 401: 20, 429: 80 });
  }, 60_000);
});
