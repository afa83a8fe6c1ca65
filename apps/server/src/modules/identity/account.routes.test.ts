import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getCurrentUser,
  login,
  logout,
  register,
  type RegisterInput,
} from '@atelier/contract/identity/account';
import { sessions, users } from '@/db/schema';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { aRegistration, registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => context.close());

const postRegister = (payload: unknown) =>
  context.app.inject({ method: 'POST', url: register.path, payload: payload as object });

const postLogin = (payload: { email: string; password: string }) =>
  context.app.inject({ method: 'POST', url: login.path, payload });

const getMe = (headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url: getCurrentUser.path, headers });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A registration input with one field replaced or (with `undefined`) removed. */
const registrationWith = (field: keyof RegisterInput, value: unknown) => {
  const input: Record<string, unknown> = { ...aRegistration() };
  if (value === undefined) delete input[field];
  else input[field] = value;
  return input;
};

describe('POST /api/web/auth/register', () => {
  it('creates the account and answers 201 with a session and the current user', async () => {
    const input = aRegistration({ email: 'New.Creator@Example.com', storeTitle: 'Loom & Thread' });
    const response = await postRegister(input);

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token).toMatch(TOKEN_PATTERN);
    expect(Date.parse(body.idleExpiresAt)).toBeGreaterThan(context.clock.now().getTime());
    expect(Date.parse(body.expiresAt)).toBeGreaterThanOrEqual(Date.parse(body.idleExpiresAt));
    expect(body.currentUser).toEqual({
      user: {
        id: expect.stringMatching(/^usr_/),
        email: 'new.creator@example.com',
        name: input.name,
        username: 'newcreator',
      },
      store: {
        id: expect.stringMatching(/^sto_/),
        title: 'Loom & Thread',
        planType: 'TIER_1',
        isPreviewAccount: false,
        accountType: input.accountType,
        usageStyle: input.usageStyle,
      },
      role: 'OWNER',
      featureFlags: {
        analyticsAccess: true,
        fulfillmentMetrics: true,
        productDesign: true,
        emailCapture: true,
        fulfillment: true,
      },
      memberships: [
        { storeId: body.currentUser.store.id, storeTitle: 'Loom & Thread', role: 'OWNER' },
      ],
    });
  });

  it('starts a session whose token works at once', async () => {
    const { token } = await registerAccount(context);
    const response = await getMe(bearer(token));
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('OWNER');
  });

  it('stores the password as an argon2id hash (19 MiB, t=2, p=1), never in clear', async () => {
    const { userId, input } = await registerAccount(context);
    const [user] = await context.connection.db.select().from(users).where(eq(users.id, userId));
    expect(user?.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(user?.passwordHash).not.toContain(input.password);
  });

  it('stores only the SHA-256 hash of the session token', async () => {
    const { userId, token } = await registerAccount(context);
    const rows = await context.connection.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses an e-mail already registered, whatever its case, with 409 email_taken', async () => {
    const { input } = await registerAccount(context, { email: 'taken.once@example.com' });
    const response = await postRegister(aRegistration({ email: 'TAKEN.Once@Example.COM' }));
    const error = expectApiError(response, 409, { code: 'conflict', reason: 'email_taken' });
    expect(fieldsOf(error)).toEqual(['body.email']);

    const login = await postLogin({ email: input.email, password: input.password });
    expect(login.statusCode).toBe(200);
  });

  it.each([7, 129])('refuses a password of %i characters, naming body.password', async (length) => {
    const response = await postRegister(aRegistration({ password: 'p'.repeat(length) }));
    const error = expectApiError(response, 400, { code: 'bad_request' });
    expect(fieldsOf(error)).toEqual(['body.password']);
  });

  it.each([8, 128])('accepts a password of %i characters', async (length) => {
    const input = aRegistration({ password: 'p'.repeat(length) });
    expect((await postRegister(input)).statusCode).toBe(201);
    expect((await postLogin({ email: input.email, password: input.password })).statusCode).toBe(
      200,
    );
  });

  it.each(['not-an-email', 'two@@example.com', 'no-dot@example', 'spa ce@example.com', ''])(
    'refuses the e-mail %j, naming body.email',
    async (email) => {
      const error = expectApiError(await postRegister(registrationWith('email', email)), 400, {
        code: 'bad_request',
      });
      expect(fieldsOf(error)).toEqual(['body.email']);
    },
  );

  it.each([
    ['storeTitle', undefined],
    ['storeTitle', '   '],
    ['storeTitle', 't'.repeat(121)],
    ['accountType', 'ENTERPRISE'],
    ['accountType', 'creator'],
    ['usageStyle', 'SOMETIMES'],
    ['usageStyle', undefined],
    ['name', 42],
  ] as const)('refuses %s = %j, naming the field', async (field, value) => {
    const error = expectApiError(await postRegister(registrationWith(field, value)), 400, {
      code: 'bad_request',
    });
    expect(fieldsOf(error)).toEqual([`body.${field}`]);
    expect(error.message).toContain(`body.${field}`);
  });

  it('accepts each account type and usage style', async () => {
    for (const accountType of ['CREATOR', 'SMB', 'UNDECIDED'] as const) {
      for (const usageStyle of ['WITH_AI_ASSISTANTS', 'USE_THE_TOOLS_MYSELF'] as const) {
        const response = await postRegister(aRegistration({ accountType, usageStyle }));
        expect(response.statusCode).toBe(201);
        expect(response.json().currentUser.store).toMatchObject({ accountType, usageStyle });
      }
    }
  });

  it('gives two people with the same e-mail name different usernames', async () => {
    const first = await postRegister(aRegistration({ email: 'maker@one.example.com' }));
    const second = await postRegister(aRegistration({ email: 'maker@two.example.com' }));
    expect(first.json().currentUser.user.username).toBe('maker');
    expect(second.json().currentUser.user.username).toBe('maker2');
  });

  it('answers all but one of simultaneous registrations of an e-mail with 409, never 500', async () => {
    const email = `race-${randomBytes(4).toString('hex')}@example.com`;
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        postRegister(aRegistration({ email: index % 2 ? email.toUpperCase() : email })),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const conflict of responses.filter((response) => response.statusCode === 409)) {
      expectApiError(conflict, 409, { code: 'conflict', reason: 'email_taken' });
    }
  });

  it('gives simultaneous registrations with the same e-mail name different usernames', async () => {
    const name = `twin${randomBytes(3).toString('hex')}`;
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        postRegister(aRegistration({ email: `${name}@domain${index}.example.com` })),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const usernames = responses.map((response) => response.json().currentUser.user.username);
    expect(new Set(usernames).size).toBe(4);
    expect(usernames).toContain(name);
  });
});

describe('POST /api/web/auth/login', () => {
  it('starts a new session with a new token and the current user', async () => {
    const { input, token, userId } = await registerAccount(context);
    const response = await postLogin({ email: input.email, password: input.password });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(TOKEN_PATTERN);
    expect(body.token).not.toBe(token);
    expect(body.currentUser).toMatchObject({ user: { id: userId }, role: 'OWNER' });
    expect((await getMe(bearer(body.token))).statusCode).toBe(200);
    expect((await getMe(bearer(token))).statusCode).toBe(200);
  });

  it('finds the account whatever the case of the e-mail', async () => {
    const { input } = await registerAccount(context);
    const response = await postLogin({
      email: input.email.toUpperCase(),
      password: input.password,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail with the same status and message', async () => {
    const { input } = await registerAccount(context);
    const wrongPassword = await postLogin({ email: input.email, password: 'not the password' });
    const unknownEmail = await postLogin({
      email: 'nobody-here@example.com',
      password: input.password,
    });

    const first = expectApiError(wrongPassword, 401, { code: 'unauthenticated' });
    const second = expectApiError(unknownEmail, 401, { code: 'unauthenticated' });
    expect(second.message).toBe(first.message);
    expect(second.reason).toBe(first.reason);
    expect(second.details).toBe(first.details);
  });

  it('refuses a missing password and a malformed e-mail with 400 naming the field', async () => {
    const missing = await context.app.inject({
      method: 'POST',
      url: login.path,
      payload: { email: 'someone@example.com' },
    });
    expect(fieldsOf(expectApiError(missing, 400, { code: 'bad_request' }))).toEqual([
      'body.password',
    ]);
    const malformed = await postLogin({ email: 'someone', password: 'whatever1' });
    expect(fieldsOf(expectApiError(malformed, 400, { code: 'bad_request' }))).toEqual([
      'body.email',
    ]);
  });
});

describe('POST /api/web/auth/logout', () => {
  it('ends the session on the server, so its token then gets 401', async () => {
    const { headers } = await registerAccount(context);
    const response = await context.app.inject({ method: 'POST', url: logout.path, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expectApiError(await getMe(headers), 401, { code: 'unauthenticated' });
    const again = await context.app.inject({ method: 'POST', url: logout.path, headers });
    expectApiError(again, 401, { code: 'unauthenticated' });
  });

  it("leaves the user's other sessions open", async () => {
    const { input, headers } = await registerAccount(context);
    const other = (await postLogin({ email: input.email, password: input.password })).json();
    await context.app.inject({ method: 'POST', url: logout.path, headers });
    expect((await getMe(bearer(other.token))).statusCode).toBe(200);
  });

  it('refuses a request without a token with 401', async () => {
    const response = await context.app.inject({ method: 'POST', url: logout.path });
    expectApiError(response, 401, { code: 'unauthenticated' });
  });
});

describe('GET /api/web/auth/me', () => {
  it('answers the user, store, role and feature flags of the session', async () => {
    const { headers, userId, storeId, input } = await registerAccount(context);
    const response = await getMe(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { id: userId, email: input.email },
      store: { id: storeId, title: input.storeTitle, planType: 'TIER_1' },
      role: 'OWNER',
    });
  });

  it.each([
    ['no authorization header', {}],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a malformed token', { authorization: 'Bearer not-a-token' }],
    ['a token with a bad character', { authorization: `Bearer ${'a'.repeat(42)}!` }],
    ['a 10,000-character token', { authorization: `Bearer ${'a'.repeat(10_000)}` }],
    ['another scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
    [
      'a random well-formed token',
      { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
    ],
  ])('refuses %s with 401 session_invalid', async (_label, headers: Record<string, string>) => {
    expectApiError(await getMe(headers), 401, {
      code: 'unauthenticated',
      reason: 'session_invalid',
    });
  });

  it('accepts the scheme name in any case', async () => {
    const { token } = await registerAccount(context);
    expect((await getMe({ authorization: `bearer ${token}` })).statusCode).toBe(200);
  });
});
