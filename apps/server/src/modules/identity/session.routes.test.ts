import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptTeamInvite } from '@atelier/contract/identity/team';
import {
  getCurrentUser,
  login,
  logout,
  RENEWED_TOKEN_HEADER,
} from '@atelier/contract/identity/account';
import { expectApiError } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { MAX_SESSIONS_PER_USER } from './session.service';

const SECOND = 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const getMe = (context: TestContext, token: string) =>
  context.app.inject({ method: 'GET', url: getCurrentUser.path, headers: bearer(token) });

/** Asserts the token still opens the session and returns the renewed token, if one was sent. */
const expectAlive = async (context: TestContext, token: string) => {
  const response = await getMe(context, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.headers[RENEWED_TOKEN_HEADER] as string | undefined;
};

describe('session idle and absolute expiry', () => {
  const IDLE_MS = 120 * SECOND;
  const ABSOLUTE_MS = 300 * SECOND;
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({
      SESSION_IDLE_TIMEOUT_MS: String(IDLE_MS),
      SESSION_ABSOLUTE_TIMEOUT_MS: String(ABSOLUTE_MS),
      // Far away, so no renewal (which also slides the idle expiry) gets in the way.
      SESSION_RENEW_AFTER_MS: String(3600 * SECOND),
    });
  });
  afterAll(async () => context.close());

  it('reports both expiries when the session starts', async () => {
    const start = context.clock.now().getTime();
    const { input } = await registerAccount(context);
    const response = await context.app.inject({
      method: 'POST',
      url: login.path,
      payload: { email: input.email, password: input.password },
    });
    expect(Date.parse(response.json().idleExpiresAt)).toBe(start + IDLE_MS);
    expect(Date.parse(response.json().expiresAt)).toBe(start + ABSOLUTE_MS);
  });

  it('accepts the token until the idle timeout and refuses it with session_expired after', async () => {
    const { token } = await registerAccount(context);
    const other = await registerAccount(context);
    context.clock.advance(IDLE_MS - SECOND);
    await expectAlive(context, other.token);
    context.clock.advance(2 * SECOND);
    expectApiError(await getMe(context, token), 401, {
      code: 'unauthenticated',
      reason: 'session_expired',
    });
  });

  it('keeps a session used within the idle window alive past the idle timeout', async () => {
    const { token } = await registerAccount(context);
    // Each use is more than a minute after the last, so each slides the idle expiry.
    for (let use = 0; use < 2; use += 1) {
      context.clock.advance(61 * SECOND);
      await expectAlive(context, token);
    }
    // 241 s after the start: twice the idle timeout, still within the absolute one.
    context.clock.advance(IDLE_MS - SECOND);
    await expectAlive(context, token);
  });

  it('ends the session at the absolute expiry even with constant use', async () => {
    const { token } = await registerAccount(context);
    let elapsed = 0;
    while (elapsed + 61 * SECOND < ABSOLUTE_MS) {
      context.clock.advance(61 * SECOND);
      elapsed += 61 * SECOND;
      await expectAlive(context, token);
    }
    context.clock.advance(ABSOLUTE_MS - elapsed);
    expectApiError(await getMe(context, token), 401, {
      code: 'unauthenticated',
      reason: 'session_expired',
    });
  });

  it('lets the user log in again after the session expired', async () => {
    const { input, token } = await registerAccount(context);
    context.clock.advance(IDLE_MS + SECOND);
    expect((await getMe(context, token)).statusCode).toBe(401);
    const response = await context.app.inject({
      method: 'POST',
      url: login.path,
      payload: { email: input.email, password: input.password },
    });
    expect(response.statusCode).toBe(200);
    await expectAlive(context, response.json().token);
  });
});

describe('session token renewal', () => {
  const RENEW_AFTER_MS = 30 * SECOND;
  const GRACE_MS = 60 * SECOND;
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({
      SESSION_IDLE_TIMEOUT_MS: String(600 * SECOND),
      SESSION_RENEW_AFTER_MS: String(RENEW_AFTER_MS),
      SESSION_ABSOLUTE_TIMEOUT_MS: String(3600 * SECOND),
    });
  });
  afterAll(async () => context.close());

  it('sends no renewed token while the token is younger than renewAfter', async () => {
    const { token } = await registerAccount(context);
    context.clock.advance(RENEW_AFTER_MS - SECOND);
    expect(await expectAlive(context, token)).toBeUndefined();
  });

  it('sends a new working token in x-session-token once the token is older than renewAfter', async () => {
    const { token } = await registerAccount(context);
    context.clock.advance(RENEW_AFTER_MS + SECOND);
    const renewed = await expectAlive(context, token);
    expect(renewed).toMatch(TOKEN_PATTERN);
    expect(renewed).not.toBe(token);
    expect(await expectAlive(context, renewed!)).toBeUndefined();
  });

  it('keeps the replaced token working for the 60 s grace only', async () => {
    const { token } = await registerAccount(context);
    context.clock.advance(RENEW_AFTER_MS + SECOND);
    const renewed = await expectAlive(context, token);
    expect(renewed).toBeDefined();

    context.clock.advance(GRACE_MS - SECOND);
    expect(await expectAlive(context, token)).toBeUndefined();
    context.clock.advance(2 * SECOND);
    expectApiError(await getMe(context, token), 401, {
      code: 'unauthenticated',
      reason: 'session_invalid',
    });
    await expectAlive(context, renewed!);
  });

  it('renews again each time the current token ages past renewAfter', async () => {
    let { token } = await registerAccount(context);
    for (let round = 0; round < 3; round += 1) {
      context.clock.advance(RENEW_AFTER_MS + SECOND);
      const renewed = await expectAlive(context, token);
      expect(renewed).toMatch(TOKEN_PATTERN);
      token = renewed!;
    }
  });

  it('sends the renewed token on an answer that fails after authentication', async () => {
    const { token } = await registerAccount(context);
    context.clock.advance(RENEW_AFTER_MS + SECOND);
    const response = await context.app.inject({
      method: 'PUT',
      url: acceptTeamInvite.path.replace(':id', 'tm_missing'),
      headers: bearer(token),
    });
    expectApiError(response, 404, { code: 'not_found' });
    const renewed = response.headers[RENEWED_TOKEN_HEADER] as string | undefined;
    expect(renewed).toMatch(TOKEN_PATTERN);
    await expectAlive(context, renewed!);
  });

  it('ends the renewed token too on logout', async () => {
    const { token } = await registerAccount(context);
    context.clock.advance(RENEW_AFTER_MS + SECOND);
    const renewed = (await expectAlive(context, token))!;
    const response = await context.app.inject({
      method: 'POST',
      url: logout.path,
      headers: bearer(renewed),
    });
    expect(response.statusCode).toBe(200);
    expect((await getMe(context, renewed)).statusCode).toBe(401);
    expect((await getMe(context, token)).statusCode).toBe(401);
  });
});

describe('sessions per user', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => context.close());

  const logIn = async (input: { email: string; password: string }) => {
    const response = await context.app.inject({
      method: 'POST',
      url: login.path,
      payload: { email: input.email, password: input.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ token: string }>().token;
  };

  const expectEnded = async (token: string) =>
    expectApiError(await getMe(context, token), 401, {
      code: 'unauthenticated',
      reason: 'session_invalid',
    });

  it(`keeps the newest ${MAX_SESSIONS_PER_USER} sessions of a user: older tokens are refused with 401, the newest work`, async () => {
    const { input, token } = await registerAccount(context);
    const other = await registerAccount(context);
    // Used once, so this process remembers it: ending it must forget it too.
    await expectAlive(context, token);
    const tokens = [token];
    for (let login = 0; login < MAX_SESSIONS_PER_USER + 5; login += 1) {
      context.clock.advance(SECOND);
      tokens.push(await logIn(input));
    }

    const ended = tokens.slice(0, tokens.length - MAX_SESSIONS_PER_USER);
    expect(ended).toHaveLength(6);
    for (const old of ended) await expectEnded(old);
    for (const current of tokens.slice(-MAX_SESSIONS_PER_USER)) await expectAlive(context, current);
    await expectAlive(context, other.token);
  }, 60_000);

  it('does not count a session that has ended', async () => {
    const { input, token } = await registerAccount(context);
    await context.app.inject({ method: 'POST', url: logout.path, headers: bearer(token) });
    const tokens: string[] = [];
    for (let login = 0; login < MAX_SESSIONS_PER_USER; login += 1) {
      context.clock.advance(SECOND);
      tokens.push(await logIn(input));
    }
    for (const current of tokens) await expectAlive(context, current);
  }, 60_000);

  it(`keeps ${MAX_SESSIONS_PER_USER} sessions, the newest ones, when logins run at once`, async () => {
    const { input, token } = await registerAccount(context);
    const tokens = [token];
    for (let login = 1; login < MAX_SESSIONS_PER_USER; login += 1) {
      context.clock.advance(SECOND);
      tokens.push(await logIn(input));
    }
    context.clock.advance(SECOND);
    const simultaneous = await Promise.all([logIn(input), logIn(input), logIn(input)]);

    for (const old of tokens.slice(0, 3)) await expectEnded(old);
    for (const current of [...tokens.slice(3), ...simultaneous]) {
      await expectAlive(context, current);
    }
  }, 60_000);
});
