import { randomBytes } from 'node:crypto';
import type { Database } from '@/db/client';
import { requireRole } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { SharesService, ViewService } from './analytics.services';
import { createSharesRepository } from './shares.repository';

/** Shares a store may have open at once; revoke one to share another. */
export const MAX_ACTIVE_SHARES = 100;
/** Revoked shares the store's list still shows (the latest). */
export const LISTED_REVOKED_SHARES = 50;

/** Store titles, from the identity module (the public page names the store, nothing more). */
export type ShareStoreDirectory = {
  findStoreTitles(ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
};

/** 128 random bits, URL-safe: a share link can't be guessed or walked to another store's. */
const newShareId = () => `shr_${randomBytes(16).toString('base64url')}`;

const shareNotFound = () =>
  new AppError('not_found', 'No shared report with this id.', {
    reason: 'analytics_share_not_found',
  });

/**
 * Issue 14 /share-report/{id}: a public, read-only snapshot of one view. The view is computed
 * once, when shared, and stored; the public page reads only that snapshot and the store's title,
 * so nothing else of the store is reachable from the link. Only the store's OWNER and ADMINs
 * share and revoke (it publishes the store's figures); every member sees the list. A revoked or
 * unknown share answers 404.
 */
export const createSharesService = ({
  db,
  clock,
  views,
  stores,
}: {
  db: Database;
  clock: Clock;
  views: ViewService;
  stores: ShareStoreDirectory;
}): SharesService => {
  const repository = createSharesRepository(db);
  return {
    async create(actor, view, query) {
      requireRole(actor, 'OWNER', 'ADMIN');
      // A soft bound (two shares at once may both pass): each share holds a whole view's result.
      if ((await repository.countActive(actor.storeId)) >= MAX_ACTIVE_SHARES) {
        throw new AppError(
          'conflict',
          `A store shares at most ${MAX_ACTIVE_SHARES} reports at once; revoke one to share another.`,
          { reason: 'analytics_share_limit' },
        );
      }
      const result = await views.compute(actor.storeId, view, query);
      return repository.insert({
        id: newShareId(),
        storeId: actor.storeId,
        view,
        query,
        result,
        createdByUserId: actor.userId,
        createdAt: clock.now(),
      });
    },

    async list(storeId) {
      return repository.listByStore(storeId, LISTED_REVOKED_SHARES);
    },

    /** Idempotent: revoking a revoked share returns it unchanged. */
    async revoke(actor, id) {
      requireRole(actor, 'OWNER', 'ADMIN');
      const share = await repository.revoke(actor.storeId, id, clock.now());
      if (!share) throw shareNotFound();
      return share;
    },

    async publicSnapshot(id) {
      const found = await repository.findActiveWithResult(id);
      if (!found) throw shareNotFound();
      const storeTitle = (await stores.findStoreTitles([found.storeId])).get(found.storeId);
      if (storeTitle === undefined) throw shareNotFound();
      return { share: found.share, storeTitle, result: found.result };
    },
  };
};
