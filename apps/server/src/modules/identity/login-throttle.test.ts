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

  it('refuses the right password after 100 failures in an hour until the hour has passed', async () => {
    const { input } = await registerAccount(context);
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
