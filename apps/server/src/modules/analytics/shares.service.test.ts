import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@/db/client';
import type { Actor } from '@/lib/actor';
import { createManualClock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { createTestDatabase } from '@/testing/test-database';
import { notBuilt } from './not-built';
import { aViewResult, createFakeViews } from './shares.test-fixture';
import { createSharesService, LISTED_REVOKED_SHARES, MAX_ACTIVE_SHARES } from './shares.service';

const anActor = (overrides: Partial<Actor> = {}): Actor => ({
  userId: newId('usr'),
  email: 'owner@example.com',
  name: 'Owner',
  storeId: newId('sto'),
  storeTitle: 'Alpha Studio',
  role: 'OWNER',
  sessionId: newId('ses'),
  planType: 'TIER_3',
  isPreviewAccount: false,
  ...overrides,
});

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => connection.close());

const setUp = () => {
  const clock = createManualClock(new Date('2024-06-01T12:00:00.000Z'));
  const fake = createFakeViews();
  const titles = new Map<string, string>();
  const shares = createSharesService({
    db: connection.db,
    clock,
    views: fake.views,
    stores: {
      findStoreTitles: async (ids) =>
        new Map(ids.flatMap((id) => (titles.has(id) ? [[id, titles.get(id)!]] : []))),
    },
  });
  const owner = anActor();
  titles.set(owner.storeId, owner.storeTitle);
  return { clock, shares, owner, titles, ...fake };
};

const RANGE = { from: '2024-01-01', to: '2024-03-31' };

describe('SharesService.create', () => {
  it('stores the view computed for the store under an unguessable id', async () => {
    const { shares, owner, calls, clock } = setUp();
    const share = await shares.create(owner, 'analytics-cohorts', RANGE);
    expect(calls).toEqual([[owner.storeId, 'analytics-cohorts', RANGE]]);
    expect(share).toEqual({
      id: expect.stringMatching(/^shr_[A-Za-z0-9_-]{22}$/) as string,
      view: 'analytics-cohorts',
      title: 'Result of analytics-cohorts',
      path: `/share-report/${share.id}`,
      range: RANGE,
      createdAt: clock.now().toISOString(),
      revokedAt: null,
    });
    const again = await shares.create(owner, 'analytics-cohorts', RANGE);
    expect(again.id).not.toBe(share.id);
  });

  it('lets an ADMIN share and refuses a CX member with 403', async () => {
    const { shares, owner } = setUp();
    await expect(
      shares.create({ ...owner, role: 'ADMIN' }, 'analytics-rfm', RANGE),
    ).resolves.toMatchObject({ view: 'analytics-rfm' });
    await expect(
      shares.create({ ...owner, role: 'CX' }, 'analytics-rfm', RANGE),
    ).rejects.toMatchObject({ code: 'forbidden', reason: 'role_not_allowed' });
  });

  it("passes the view's own refusal through and stores nothing", async () => {
    const { shares, owner, views } = setUp();
    views.compute = async (_storeId, view) => {
      throw notBuilt(`The ${view} view`);
    };
    await expect(shares.create(owner, 'analytics-ltv', RANGE)).rejects.toMatchObject({
      code: 'not_found',
      reason: 'analytics_not_built',
    });
    expect(await shares.list(owner.storeId)).toEqual([]);
  });

  it(`refuses a share past ${MAX_ACTIVE_SHARES} open ones with 409, and takes one once another is revoked`, async () => {
    const { shares, owner } = setUp();
    const first = await shares.create(owner, 'analytics', RANGE);
    for (let index = 1; index < MAX_ACTIVE_SHARES; index += 1) {
      await shares.create(owner, 'analytics', RANGE);
    }
    await expect(shares.create(owner, 'analytics', RANGE)).rejects.toMatchObject({
      code: 'conflict',
      reason: 'analytics_share_limit',
    });
    await shares.revoke(owner, first.id);
    await expect(shares.create(owner, 'analytics', RANGE)).resolves.toMatchObject({
      revokedAt: null,
    });
  });
});

describe('SharesService.list', () => {
  it("lists the store's shares newest first, revoked ones too, and no other store's", async () => {
    const { shares, owner, clock } = setUp();
    const other = { ...owner, storeId: newId('sto') };
    const older = await shares.create(owner, 'analytics-rfm', RANGE);
    clock.advance(60_000);
    const newer = await shares.create(owner, 'analytics-cohorts', RANGE);
    await shares.create(other, 'analytics-rfm', RANGE);
    clock.advance(60_000);
    const revoked = await shares.revoke(owner, older.id);

    expect(await shares.list(owner.storeId)).toEqual([newer, revoked]);
    expect(revoked.revokedAt).toBe(clock.now().toISOString());
  });

  it(`keeps the latest ${LISTED_REVOKED_SHARES} revoked shares in the list`, async () => {
    const { shares, owner, clock } = setUp();
    const open = await shares.create(owner, 'analytics', RANGE);
    for (let index = 0; index <= LISTED_REVOKED_SHARES; index += 1) {
      clock.advance(1_000);
      const share = await shares.create(owner, 'analytics', RANGE);
      await shares.revoke(owner, share.id);
    }
    const listed = await shares.list(owner.storeId);
    expect(listed).toHaveLength(LISTED_REVOKED_SHARES + 1);
    expect(listed.at(-1)).toEqual(open);
  });
});

describe('SharesService.revoke', () => {
  it("answers 404 for another store's share and an unknown id, and changes nothing", async () => {
    const { shares, owner } = setUp();
    const share = await shares.create(owner, 'analytics', RANGE);
    const stranger = anActor();
    for (const [actor, id] of [
      [stranger, share.id],
      [owner, 'shr_unknown'],
    ] as const) {
      await expect(shares.revoke(actor, id)).rejects.toMatchObject({
        code: 'not_found',
        reason: 'analytics_share_not_found',
      });
    }
    expect((await shares.publicSnapshot(share.id)).share.revokedAt).toBeNull();
  });

  it('is idempotent: revoking twice keeps the first revocation time', async () => {
    const { shares, owner, clock } = setUp();
    const share = await shares.create(owner, 'analytics', RANGE);
    const first = await shares.revoke(owner, share.id);
    clock.advance(60_000);
    expect(await shares.revoke(owner, share.id)).toEqual(first);
  });

  it('refuses a CX member with 403', async () => {
    const { shares, owner } = setUp();
    const share = await shares.create(owner, 'analytics', RANGE);
    await expect(shares.revoke({ ...owner, role: 'CX' }, share.id)).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});

describe('SharesService.publicSnapshot', () => {
  it("returns the stored snapshot, the share and the store's title only", async () => {
    const { shares, owner, views } = setUp();
    const share = await shares.create(owner, 'analytics-rfm', RANGE);
    // A later change of the store's figures does not change the snapshot.
    views.compute = async () => {
      throw new Error('a snapshot is never recomputed');
    };
    const snapshot = await shares.publicSnapshot(share.id);
    expect(snapshot).toEqual({
      share,
      storeTitle: owner.storeTitle,
      result: aViewResult(owner.storeId, 'analytics-rfm', RANGE),
    });
    expect(Object.keys(snapshot).sort()).toEqual(['result', 'share', 'storeTitle']);
  });

  it('answers 404 for a revoked share, an unknown id and a store that no longer exists', async () => {
    const { shares, owner, titles } = setUp();
    const revoked = await shares.create(owner, 'analytics', RANGE);
    await shares.revoke(owner, revoked.id);
    const orphan = await shares.create(owner, 'analytics', RANGE);
    titles.delete(owner.storeId);
    for (const id of [revoked.id, 'shr_AAAAAAAAAAAAAAAAAAAAAA', orphan.id]) {
      await expect(shares.publicSnapshot(id)).rejects.toMatchObject({
        code: 'not_found',
        reason: 'analytics_share_not_found',
      });
    }
  });
});
