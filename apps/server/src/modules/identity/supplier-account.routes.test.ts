import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentSupplier, SupplierSession } from '@atelier/contract/identity/partner-account';
import { expectApiError } from '@/testing/api-error';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { aSupplierAccount, tokenOfLink } from '@/testing/supplier-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { createSupplierInvitations, SUPPLIER_INVITE_TTL_MS } from '.';
import { MAX_SESSIONS_PER_USER } from './session.service';

let context: TestContext;
let companyId: string;
let companyName: string;

beforeAll(async () => {
  context = await createTestApp({ PUBLIC_URL: 'https://atelier.example' });
  const supplier = await createCatalogFactories(context.connection.db).aSupplier();
  companyId = supplier.id;
  companyName = supplier.name;
});
afterAll(async () => {
  await context.close();
});

const invitations = () =>
  createSupplierInvitations({
    db: context.connection.db,
    clock: context.clock,
    publicUrl: 'https://atelier.example',
    suppliers: {
      findSupplierName: async (id) => (id === companyId ? companyName : undefined),
    },
  });

const accept = (payload: Record<string, unknown>) =>
  context.app.inject({ method: 'POST', url: '/api/partner/auth/accept-invite', payload });

const partnerLogin = (email: string, password: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/partner/auth/login',
    payload: { email, password },
  });

const me = (headers: Record<string, string>) =>
  context.app.inject({ method: 'GET', url: '/api/partner/auth/me', headers });

describe('supplier invitations (the supplier:invite core)', () => {
  it('prints a link with a 256-bit token under PUBLIC_URL, stored only as a hash', async () => {
    const result = await invitations().invite(companyId, 'linky@example.com');
    expect(result.link).toMatch(
      /^https:\/\/atelier\.example\/partner\/accept-invite\?token=[A-Za-z0-9_-]{43}$/,
    );
    expect(result.companyName).toBe(companyName);
    expect(result.memberId).toMatch(/^spm_/);
    expect(result.expiresAt.getTime() - context.clock.now().getTime()).toBe(SUPPLIER_INVITE_TTL_MS);
    const rows = await context.connection.db.query.supplierMembers.findMany();
    const row = rows.find((member) => member.email === 'linky@example.com')!;
    expect(row.status).toBe('INVITED');
    expect(row.inviteTokenHash).not.toContain(tokenOfLink(result.link));
  });

  it('refuses an unknown company with a clear error', async () => {
    await expect(invitations().invite('cmp_doesnotexist', 'x@example.com')).rejects.toMatchObject({
      code: 'not_found',
      reason: 'company_not_found',
    });
  });

  it('replaces the token when inviting again: the old link stops working', async () => {
    const first = await invitations().invite(companyId, 'again@example.com');
    const second = await invitations().invite(companyId, 'again@example.com');
    expect(second.memberId).toBe(first.memberId);
    expectApiError(await accept({ token: tokenOfLink(first.link), password: 'long enough' }), 404, {
      code: 'not_found',
      reason: 'invite_not_found',
    });
    const response = await accept({ token: tokenOfLink(second.link), password: 'long enough' });
    expect(response.statusCode, response.body).toBe(200);
    await expect(invitations().invite(companyId, 'again@example.com')).rejects.toMatchObject({
      code: 'conflict',
      reason: 'supplier_member_active',
    });
  });
});

describe('supplier accounts over HTTP', () => {
  it('accepts an invitation, then logs in and reads /me', async () => {
    const { link } = await context.identity.supplierAccountService.invite(
      companyId,
      'maria@factory.example',
    );
    const accepted = await accept({
      token: tokenOfLink(link),
      password: 'a new password',
      name: 'Maria',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json<SupplierSession>();
    expect(session.currentSupplier).toMatchObject({
      user: { email: 'maria@factory.example', name: 'Maria' },
      company: { id: companyId, name: companyName },
    });

    // The link works once.
    expectApiError(await accept({ token: tokenOfLink(link), password: 'a new password' }), 404, {
      code: 'not_found',
      reason: 'invite_not_found',
    });

    const loggedIn = await partnerLogin('Maria@Factory.example', 'a new password');
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    const { token } = loggedIn.json<SupplierSession>();
    const answer = await me({ authorization: `Bearer ${token}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<CurrentSupplier>()).toMatchObject({
      user: { email: 'maria@factory.example' },
      company: { id: companyId, name: companyName },
    });

    const logout = await context.app.inject({
      method: 'POST',
      url: '/api/partner/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode, logout.body).toBe(200);
    expectApiError(await me({ authorization: `Bearer ${token}` }), 401, {
      code: 'unauthenticated',
    });
  });

  it('refuses an expired invitation with 400', async () => {
    const { link } = await context.identity.supplierAccountService.invite(
      companyId,
      'late@factory.example',
    );
    context.clock.advance(SUPPLIER_INVITE_TTL_MS + 1);
    try {
      expectApiError(await accept({ token: tokenOfLink(link), password: 'long enough' }), 400, {
        code: 'bad_request',
        reason: 'invite_expired',
      });
    } finally {
      context.clock.advance(-SUPPLIER_INVITE_TTL_MS - 1);
    }
  });

  it('refuses an unknown token and a malformed one', async () => {
    expectApiError(await accept({ token: 'A'.repeat(43), password: 'long enough' }), 404, {
      code: 'not_found',
      reason: 'invite_not_found',
    });
    expectApiError(await accept({ token: 'short', password: 'long enough' }), 400, {
      code: 'bad_request',
    });
  });

  it('links an existing account only with its password', async () => {
    const creator = await registerAccount(context);
    const { link } = await context.identity.supplierAccountService.invite(
      companyId,
      creator.input.email,
    );
    expectApiError(await accept({ token: tokenOfLink(link), password: 'not the password' }), 401, {
      code: 'unauthenticated',
      reason: 'invalid_credentials',
    });
    const linked = await accept({ token: tokenOfLink(link), password: creator.input.password });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<SupplierSession>().currentSupplier.user.id).toBe(creator.userId);
    // The store login still lands in the store; the partner login in the company.
    const storeLogin = await context.app.inject({
      method: 'POST',
      url: '/api/web/auth/login',
      payload: { email: creator.input.email, password: creator.input.password },
    });
    expect(storeLogin.statusCode, storeLogin.body).toBe(200);
    const partner = await partnerLogin(creator.input.email, creator.input.password);
    expect(partner.statusCode, partner.body).toBe(200);
  });

  it('refuses the partner login to a store-only account and a wrong password', async () => {
    const creator = await registerAccount(context);
    expectApiError(await partnerLogin(creator.input.email, creator.input.password), 403, {
      code: 'forbidden',
      reason: 'no_supplier_membership',
    });
    expectApiError(await partnerLogin('nobody@example.com', 'whatever it is'), 401, {
      code: 'unauthenticated',
      reason: 'invalid_credentials',
    });
  });

  it('keeps each party on its own routes (403 wrong_party both ways)', async () => {
    const supplier = await aSupplierAccount(context, companyId);
    const creator = await registerAccount(context);
    for (const url of ['/api/web/auth/me', '/api/web/conversations', '/api/web/favorites']) {
      expectApiError(
        await context.app.inject({ method: 'GET', url, headers: supplier.headers }),
        403,
        { code: 'forbidden', reason: 'wrong_party' },
      );
    }
    for (const url of ['/api/partner/auth/me', '/api/partner/conversations']) {
      expectApiError(
        await context.app.inject({ method: 'GET', url, headers: creator.headers }),
        403,
        { code: 'forbidden', reason: 'wrong_party' },
      );
    }
    expectApiError(await context.app.inject({ method: 'GET', url: '/api/partner/auth/me' }), 401, {
      code: 'unauthenticated',
    });
    // The refused sessions still work where they belong.
    expect((await me(supplier.headers)).statusCode).toBe(200);
  });
});

describe('supplier login limits', () => {
  it('evaluates only three of 30 simultaneous wrong passwords on the partner login', async () => {
    const supplier = await aSupplierAccount(context, companyId);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => partnerLogin(supplier.email, 'not the password')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(27);
  }, 60_000);

  it(`keeps the newest ${MAX_SESSIONS_PER_USER} supplier sessions of a member`, async () => {
    const supplier = await aSupplierAccount(context, companyId);
    const tokens = [supplier.token];
    for (let login = 0; login < MAX_SESSIONS_PER_USER + 1; login += 1) {
      context.clock.advance(1000);
      const response = await partnerLogin(supplier.email, supplier.password);
      expect(response.statusCode, response.body).toBe(200);
      tokens.push(response.json<SupplierSession>().token);
    }
    for (const old of tokens.slice(0, 2)) {
      expectApiError(await me({ authorization: `Bearer ${old}` }), 401, {
        code: 'unauthenticated',
        reason: 'session_invalid',
      });
    }
    for (const current of tokens.slice(2)) {
      expect((await me({ authorization: `Bearer ${current}` })).statusCode).toBe(200);
    }
  }, 60_000);
});
