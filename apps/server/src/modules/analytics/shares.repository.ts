import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnalyticsShare } from '@atelier/contract/analytics/analytics-api';
import type { AnalyticsViewResult } from '@atelier/contract/analytics/views';
import type { Database } from '@/db/client';
import { analyticsShares } from './analytics.table';

export type NewAnalyticsShare = typeof analyticsShares.$inferInsert;

/** A share's own columns, and its title and range read out of the snapshot (not the snapshot). */
const shareColumns = {
  id: analyticsShares.id,
  storeId: analyticsShares.storeId,
  view: analyticsShares.view,
  title: sql<string>`${analyticsShares.result}->>'title'`,
  from: sql<string>`${analyticsShares.result}->'range'->>'from'`,
  to: sql<string>`${analyticsShares.result}->'range'->>'to'`,
  createdAt: analyticsShares.createdAt,
  revokedAt: analyticsShares.revokedAt,
};

type ShareRow = {
  id: string;
  storeId: string;
  view: AnalyticsShare['view'];
  title: string;
  from: string;
  to: string;
  createdAt: Date;
  revokedAt: Date | null;
};

const toShare = (row: ShareRow): AnalyticsShare => ({
  id: row.id,
  view: row.view,
  title: row.title,
  path: `/share-report/${row.id}`,
  range: { from: row.from, to: row.to },
  createdAt: row.createdAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** The only code that queries `analytics_shares`. */
export const createSharesRepository = (db: Database) => {
  /** The store's share, or undefined (another store's share is not the store's). */
  const findOfStore = async (storeId: string, id: string): Promise<AnalyticsShare | undefined> => {
    const [row] = await db
      .select(shareColumns)
      .from(analyticsShares)
      .where(and(eq(analyticsShares.storeId, storeId), eq(analyticsShares.id, id)));
    return row ? toShare(row) : undefined;
  };

  return {
    async insert(
      values: NewAnalyticsShare & { result: AnalyticsViewResult; createdAt: Date },
    ): Promise<AnalyticsShare> {
      await db.insert(analyticsShares).values(values);
      return toShare({
        id: values.id,
        storeId: values.storeId,
        view: values.view,
        title: values.result.title,
        from: values.result.range.from,
        to: values.result.range.to,
        createdAt: values.createdAt,
        revokedAt: null,
      });
    },

    async countActive(storeId: string): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(analyticsShares)
        .where(and(eq(analyticsShares.storeId, storeId), isNull(analyticsShares.revokedAt)));
      return row?.count ?? 0;
    },

    /** The store's active shares and its `revokedLimit` latest revoked ones, newest first. */
    async listByStore(storeId: string, revokedLimit: number): Promise<AnalyticsShare[]> {
      const newestFirst = [desc(analyticsShares.createdAt), desc(analyticsShares.id)];
      const [active, revoked] = await Promise.all([
        db
          .select(shareColumns)
          .from(analyticsShares)
          .where(and(eq(analyticsShares.storeId, storeId), isNull(analyticsShares.revokedAt)))
          .orderBy(...newestFirst),
        db
          .select(shareColumns)
          .from(analyticsShares)
          .where(and(eq(analyticsShares.storeId, storeId), isNotNull(analyticsShares.revokedAt)))
          .orderBy(...newestFirst)
          .limit(revokedLimit),
      ]);
      return [...active, ...revoked]
        .sort(
          (a, b) =>
            b.createdAt.getTime() - a.createdAt.getTime() ||
            (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
        )
        .map(toShare);
    },

    findOfStore,

    /** Marks the share revoked if it is not yet; the share as it now stands (undefined: none). */
    async revoke(storeId: string, id: string, at: Date): Promise<AnalyticsShare | undefined> {
      await db
        .update(analyticsShares)
        .set({ revokedAt: at })
        .where(
          and(
            eq(analyticsShares.storeId, storeId),
            eq(analyticsShares.id, id),
            isNull(analyticsShares.revokedAt),
          ),
        );
      return findOfStore(storeId, id);
    },

    /** A share that is not revoked, with its snapshot, or undefined. */
    async findActiveWithResult(
      id: string,
    ): Promise<
      { share: AnalyticsShare; storeId: string; result: AnalyticsViewResult } | undefined
    > {
      const [row] = await db
        .select({ ...shareColumns, result: analyticsShares.result })
        .from(analyticsShares)
        .where(and(eq(analyticsShares.id, id), isNull(analyticsShares.revokedAt)));
      if (!row) return undefined;
      return { share: toShare(row), storeId: row.storeId, result: row.result };
    },
  };
};
export type SharesRepository = ReturnType<typeof createSharesRepository>;
