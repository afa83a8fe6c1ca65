import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import type { ViewService } from './analytics.services';
import {
  analyticsEndpoints as api,
  type AnalyticsShare,
} from '@atelier/contract/analytics/analytics-api';
import { buildApp } from '@/app';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { notBuilt } from './not-built';
import { aViewResult } from './shares.test-fixture';

let context: TestContext;
let alpha: StoreAccount;
let bravo: StoreAccount;
beforeAll(async () => {
  context = await createTestApp();
  alpha = await registerAccount(context, { storeTitle: 'Alpha Studio' });
  bravo = await registerAccount(context, { storeTitle: 'Bravo Studio' });
});
afterAll(async () => context.close());

// The views are computed elsewhere (views/); here each store's view is a fixed result of its own.
let compute: MockInstance<ViewService['compute']>;
beforeEach(() => {
  compute = vi
    .spyOn(context.analytics.views, 'compute')
    .mockImplementation(async (storeId, view, query) => aViewResult(storeId, view, query));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const RANGE = { from: '2024-01-01', to: '2024-03-31' };
const revokePath = (id: string) => api.revokeShare.path.replace(':id', encodeURIComponent(id));
const publicPath = (id: string) => api.publicShare.path.replace(':id', encodeURIComponent(id));

const createShare = (account: StoreAccount, payload: Record<string, unknown>) =>
  context.app.inject({
    method: 'POST',
    url: api.createShare.path,
    headers: account.headers,
    payload,
  });

const aShare = async (account: StoreAccount, view = 'analytics-cohorts') => {
  const response = await createShare(account, { view, ...RANGE });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AnalyticsShare>();
};

const listShares = async (account: StoreAccount) => {
  const response = await context.app.inject({
    method: 'GET',
    url: api.listShares.path,
    headers: account.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: AnalyticsShare[] }>().items;
};

const openPublic = (id: string) => context.app.inject({ method: 'GET', url: publicPath(id) });

describe('POST /api/web/analytics/shares', () => {
  it('snapshots the view of the caller’s store under an unguessable id (201)', async () => {
    const share = await aShare(alpha, 'analytics-rfm');
    expect(share).toMatchObject({
      view: 'analytics-rfm',
      title: 'Result of analytics-rfm',
      range: RANGE,
      revokedAt: null,
    });
    expect(share.id).toMatch(/^shr_[A-Za-z0-9_-]{22}$/);
    expect(share.path).toBe(`/share-report/${share.id}`);
    expect(compute).toHaveBeenCalledWith(alpha.storeId, 'analytics-rfm', RANGE);
  });

  it('snapshots the follow-up purchases after the product asked for', async () => {
    const payload = { view: 'product-follow-up-purchases', ...RANGE, product: 'Mug' };
    expect((await createShare(alpha, payload)).statusCode).toBe(201);
    expect(compute).toHaveBeenLastCalledWith(alpha.storeId, 'product-follow-up-purchases', {
      ...RANGE,
      product: 'Mug',
    });
  });

  it('answers 400 naming the parameter for an unknown view and a range that ends before it starts', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ view: 'analytics-unknown', ...RANGE }, 'body.view'],
      [{ ...RANGE }, 'body.view'],
      [{ view: 'analytics', from: '2024-03-01', to: '2024-01-01' }, 'body.to'],
      [{ view: 'analytics', from: '1900-01-01', to: '2024-01-01' }, 'body.to'],
      [{ view: 'analytics', from: 'yesterday', to: '2024-01-01' }, 'body.from'],
    ];
    for (const [payload, field] of cases) {
      const error = expectApiError(await createShare(alpha, payload), 400, {
        code: 'bad_request',
      });
      expect(fieldsOf(error), JSON.stringify(payload)).toContain(field);
    }
    expect(compute).not.toHaveBeenCalled();
  });

  it('passes a view that is not built yet through as its 404, and stores nothing', async () => {
    compute.mockRejectedValueOnce(notBuilt('The analytics view'));
    const account = await registerAccount(context);
    expectApiError(await createShare(account, { view: 'analytics', ...RANGE }), 404, {
      code: 'not_found',
      reason: 'analytics_not_built',
    });
    expect(await listShares(account)).toEqual([]);
  });

  it('needs a session (401)', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: api.createShare.path,
      payload: { view: 'analytics', ...RANGE },
    });
    expectApiError(response, 401, { code: 'unauthenticated' });
  });

  it('refuses a preview account (403 preview_mode) and stores nothing', async () => {
    const account = await registerAccount(context);
    const preview = await buildApp({
      config: { ...context.config, PREVIEW_ACCOUNT_LIST: [account.storeId] },
      connection: context.connection,
      clock: context.clock,
      logger: false,
    });
    await preview.app.ready();
    try {
      const response = await preview.app.inject({
        method: 'POST',
        url: api.createShare.path,
        headers: account.headers,
        payload: { view: 'analytics', ...RANGE },
      });
      expectApiError(response, 403, { code: 'forbidden', reason: 'preview_mode' });
    } finally {
      await preview.app.close();
    }
    expect(await listShares(account)).toEqual([]);
  });
});

describe('GET /api/web/analytics/shares', () => {
  it("lists the store's shares newest first, revoked ones too, and none of another store's", async () => {
    const account = await registerAccount(context);
    const older = await aShare(account, 'analytics-rfm');
    context.clock.advance(60_000);
    const newer = await aShare(account, 'analytics-ltv');
    await aShare(bravo);
    context.clock.advance(60_000);
    await context.app.inject({
      method: 'DELETE',
      url: revokePath(older.id),
      headers: account.headers,
    });
    expect(await listShares(account)).toEqual([
      newer,
      { ...older, revokedAt: context.clock.now().toISOString() },
    ]);
  });
});

describe('DELETE /api/web/analytics/shares/:id', () => {
  it('revokes the share: the public link answers 404 from then on; revoking again is fine', async () => {
    const share = await aShare(alpha);
    expect((await openPublic(share.id)).statusCode).toBe(200);
    const revoke = () =>
      context.app.inject({ method: 'DELETE', url: revokePath(share.id), headers: alpha.headers });
    const first = await revoke();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<AnalyticsShare>().revokedAt).toBe(context.clock.now().toISOString());
    context.clock.advance(1_000);
    const second = await revoke();
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expectApiError(await openPublic(share.id), 404, {
      code: 'not_found',
      reason: 'analytics_share_not_found',
    });
  });

  it("answers 404 for another store's share (left shared) and an unknown id", async () => {
    const share = await aShare(alpha);
    for (const id of [share.id, 'shr_AAAAAAAAAAAAAAAAAAAAAA', 'x'.repeat(100)]) {
      const response = await context.app.inject({
        method: 'DELETE',
        url: revokePath(id),
        headers: bravo.headers,
      });
      expectApiError(response, 404, { code: 'not_found', reason: 'analytics_share_not_found' });
    }
    expect((await openPublic(share.id)).statusCode).toBe(200);
  });
});

describe('GET /api/public/analytics/shares/:id', () => {
  it("shows the snapshot logged out: the share, the store's title and the view as it was computed", async () => {
    const share = await aShare(alpha, 'analytics-cohorts');
    // The store's figures change afterwards; the snapshot does not.
    compute.mockRejectedValue(new Error('never recomputed'));
    const response = await openPublic(share.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toEqual({
      share,
      storeTitle: 'Alpha Studio',
      result: aViewResult(alpha.storeId, 'analytics-cohorts', RANGE),
    });
  });

  it("reaches no other data of the store: no id of it, no e-mail, no member, no other store's figures", async () => {
    const share = await aShare(bravo, 'analytics-rfm');
    const text = (await openPublic(share.id)).body;
    expect(text).not.toContain(bravo.input.email);
    expect(text).not.toContain(bravo.userId);
    expect(text).not.toContain(alpha.storeId);
    // The store's id appears only where the snapshot itself carries it (the fixture's labels).
    const withoutSnapshot = text.replaceAll(`of ${bravo.storeId}`, '');
    expect(withoutSnapshot).not.toContain(bravo.storeId);
  });

  it('answers 404 for an unknown, malformed or over-long id', async () => {
    for (const id of ['shr_AAAAAAAAAAAAAAAAAAAAAA', 'rfq_1', '%00', "' OR 1=1 --"]) {
      expectApiError(await openPublic(id), 404, {
        code: 'not_found',
        reason: 'analytics_share_not_found',
      });
    }
    expectApiError(await openPublic('x'.repeat(101)), 400, { code: 'bad_request' });
  });
});
