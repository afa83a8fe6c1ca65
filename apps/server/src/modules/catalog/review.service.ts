import {
  REVIEW_CONFIRMATION_TTL_HOURS,
  type CatalogCompanyReview,
  type ConfirmedReview,
  type CreateReviewInput,
  type PublicReviewInput,
  type ReviewSummary,
} from '@atelier/contract/catalog/review';
import type { Database } from '@/db/client';
import type { Actor, ClientInfo } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { decodeCursor, encodeCursor } from '@/lib/cursor';
import { uniqueViolationConstraint } from '@/lib/db-errors';
import { newId } from '@/lib/ids';
import type { Notifier } from '@/modules/notifications';
import {
  createReviewRepository,
  type RatedSupplier,
  type ReviewPosition,
  type ReviewRepository,
  type ReviewRow,
} from './review.repository';
import { createSupplierLookupRepository } from './supplier-lookup.repository';
import { hashToken, newToken } from '@/lib/tokens';

type ReviewServiceDeps = {
  db: Database;
  clock: Clock;
  /** Sends the confirmation e-mail of a public review (the local outbox by default). */
  notifier: Notifier;
  /** Where the web app is served: the confirmation link points to `${publicUrl}/confirm-review`. */
  publicUrl: string;
};

type ReviewContent = Pick<CreateReviewInput, 'rating' | 'title' | 'body'>;

/** Public reviews accepted per client address per hour (the page needs no session). */
export const PUBLIC_REVIEW_LIMIT = { maxPerWindow: 10, windowMs: 60 * 60 * 1000 } as const;

const supplierNotFound = (field: 'body.companyId' | 'query.companyId') =>
  new AppError('not_found', 'No supplier with this id.', {
    reason: 'company_not_found',
    details: [{ field, message: 'No supplier with this id.' }],
  });

const reviewNotFound = () =>
  new AppError('not_found', 'No review of yours with this id.', { reason: 'review_not_found' });

const storeReviewExists = () =>
  new AppError('conflict', 'Your store has already reviewed this supplier; edit that review.', {
    reason: 'review_exists',
  });

// Only a confirmed review blocks the address: an unconfirmed one is replaced by a new submission.
const emailReviewExists = () =>
  new AppError('conflict', 'This e-mail address has already reviewed this supplier.', {
    reason: 'review_exists',
    details: [
      {
        field: 'body.authorEmail',
        message: 'This address already has a confirmed review of this supplier.',
      },
    ],
  });

const confirmationNotFound = () =>
  new AppError(
    'not_found',
    'This confirmation link is not valid. Open the whole link from the newest e-mail we sent you.',
    { reason: 'review_confirmation_not_found' },
  );

const confirmationUsed = () =>
  new AppError(
    'bad_request',
    "This review is already confirmed: it counts in the supplier's rating. The link works once.",
    { reason: 'review_confirmation_used' },
  );

const confirmationExpired = () =>
  new AppError(
    'bad_request',
    `This confirmation link has expired (links work for ${REVIEW_CONFIRMATION_TTL_HOURS} hours). Submit your review again to get a new link.`,
    { reason: 'review_confirmation_expired' },
  );

const REVIEW_CONFIRMATION_TTL_MS = REVIEW_CONFIRMATION_TTL_HOURS * 60 * 60 * 1000;

const badCursor = () =>
  new AppError('bad_request', 'query.cursor: Not a cursor from this list; start from page one.', {
    reason: 'invalid_cursor',
    details: [{ field: 'query.cursor', message: 'Not a cursor from this list.' }],
  });

const REVIEW_SORT = 'reviews';
const EXACT_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;
const REVIEW_ID = /^rev_[a-z0-9]{1,60}$/;

/** Keyset cursor of the reviews list (`lib/cursor`): the last row's createdAt (µs, UTC ISO) and id. */
export const encodeReviewCursor = (position: ReviewPosition): string =>
  encodeCursor({ sort: REVIEW_SORT, value: position.createdAt, id: position.id });

/** Throws `bad_request` (reason `invalid_cursor`) for anything `encodeReviewCursor` didn't make. */
export const decodeReviewCursor = (cursor: string): ReviewPosition => {
  const { value: createdAt, id } = decodeCursor(cursor, REVIEW_SORT);
  if (typeof createdAt !== 'string' || !REVIEW_ID.test(id)) throw badCursor();
  // A real instant only: PostgreSQL would refuse "2026-02-30" or year 0 with a server error.
  const milliseconds = EXACT_TIME.exec(createdAt)?.[1];
  const date = milliseconds ? new Date(`${milliseconds}Z`) : undefined;
  if (
    !date ||
    Number.isNaN(date.getTime()) ||
    date.toISOString() !== `${milliseconds}Z` ||
    date.getUTCFullYear() < 1970
  ) {
    throw badCursor();
  }
  return { createdAt, id };
};

/** In-memory fixed-window counter per client address for the public review page. */
const createPublicReviewThrottle = (clock: Clock) => {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    /** Counts one attempt; throws `rate_limited` (with Retry-After) past the hourly limit. */
    take(address: string): void {
      const now = clock.now().getTime();
      if (windows.size > 10_000) {
        for (const [key, window] of windows) {
          if (now - window.startedAt >= PUBLIC_REVIEW_LIMIT.windowMs) windows.delete(key);
        }
      }
      const current = windows.get(address);
      if (!current || now - current.startedAt >= PUBLIC_REVIEW_LIMIT.windowMs) {
        windows.set(address, { startedAt: now, count: 1 });
        return;
      }
      if (current.count >= PUBLIC_REVIEW_LIMIT.maxPerWindow) {
        const seconds = Math.max(
          1,
          Math.ceil((current.startedAt + PUBLIC_REVIEW_LIMIT.windowMs - now) / 1000),
        );
        throw new AppError('rate_limited', 'Too many reviews from this address; try again later.', {
          reason: 'review_rate_limited',
          headers: { 'retry-after': String(seconds) },
        });
      }
      current.count += 1;
    },
  };
};

/** The e-mail that asks a public reviewer to confirm; it repeats what they are confirming. */
const confirmationEmail = (input: PublicReviewInput, supplierName: string, link: string) => ({
  to: input.authorEmail,
  subject: `Confirm your review of ${supplierName}`,
  body:
    `Hello ${input.authorName},\n\n` +
    `You reviewed ${supplierName} on Atelier: ${input.rating} of 5 stars, "${input.title}".\n\n` +
    `Your review counts in ${supplierName}'s rating only once you confirm this e-mail address. ` +
    `Open this link within ${REVIEW_CONFIRMATION_TTL_HOURS} hours to confirm it:\n${link}\n\n` +
    `Until then it is shown as unverified and not counted. If you did not write this review, ` +
    `ignore this e-mail.`,
  kind: 'catalog.review.confirmation',
  storeId: null,
});

const toReview = (row: ReviewRow, viewerStoreId: string | null): CatalogCompanyReview => ({
  id: row.id,
  companyId: row.companyId,
  rating: row.rating,
  title: row.title,
  body: row.body,
  authorName: row.authorName,
  origin: row.storeId === null ? 'public' : 'store',
  isVerified: row.verifiedAt !== null,
  isVerifiedPurchase: row.purchasedAt !== null,
  isOwn: row.storeId !== null && row.storeId === viewerStoreId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Supplier reviews (spec §7 catalog-company-reviews, issue #3): 1–5 stars, one per store (or
 * per e-mail on the public page) per supplier, editable by the author store only.
 *
 * Issue 9, which reviews count: a store review is verified by the signed-in store's account and
 * counts at once; a public review is kept unverified until its author opens the link e-mailed to
 * them (single use, valid `REVIEW_CONFIRMATION_TTL_HOURS`). Unverified reviews are listed with
 * `isVerified: false` but never count in the supplier's rating, review count or distribution.
 * Every write that changes what counts recomputes the rating in the same transaction.
 */
export const createReviewService = ({ db, clock, notifier, publicUrl }: ReviewServiceDeps) => {
  const baseUrl = publicUrl.replace(/\/+$/, '');
  const repository = createReviewRepository(db);
  const suppliers = createSupplierLookupRepository(db);
  const publicThrottle = createPublicReviewThrottle(clock);

  /** Runs `write` in a transaction with the supplier row locked; 404 if no such supplier. */
  const withLockedSupplier = <T>(
    companyId: string,
    write: (repo: ReviewRepository, supplier: RatedSupplier, tx: Database) => Promise<T>,
  ) =>
    db.transaction(async (tx) => {
      const repo = createReviewRepository(tx);
      const supplier = await repo.lockSupplier(companyId);
      if (!supplier) throw supplierNotFound('body.companyId');
      return write(repo, supplier, tx);
    });

  /** withLockedSupplier, then the supplier's rating recomputed in the same transaction. */
  const writeWithRatingRefresh = <T>(
    companyId: string,
    write: (repo: ReviewRepository, supplier: RatedSupplier) => Promise<T>,
  ) =>
    withLockedSupplier(companyId, async (repo, supplier) => {
      const row = await write(repo, supplier);
      await repo.refreshSupplierRating(supplier, clock.now());
      return row;
    });

  const assertSupplierExists = async (companyId: string) => {
    if (!(await suppliers.supplierExists(companyId))) throw supplierNotFound('query.companyId');
  };

  return {
    /**
     * A supplier's reviews, newest first, in keyset pages of `size` (1–50). Every store sees
     * every review (they are public); `isOwn` marks the caller's store's. 404 for an unknown
     * supplier; 400 `invalid_cursor` for a cursor this list didn't issue.
     */
    async listReviews(
      actor: Actor | undefined,
      query: { companyId: string; size: number; cursor?: string | undefined },
    ): Promise<{ items: CatalogCompanyReview[]; nextCursor: string | null }> {
      const after = query.cursor === undefined ? undefined : decodeReviewCursor(query.cursor);
      await assertSupplierExists(query.companyId);
      const rows = await repository.listBySupplier(query.companyId, {
        limit: query.size + 1,
        ...(after ? { after } : {}),
      });
      const page = rows.slice(0, query.size);
      const last = page.at(-1);
      return {
        items: page.map(({ row }) => toReview(row, actor?.storeId ?? null)),
        nextCursor: rows.length > query.size && last ? encodeReviewCursor(last.position) : null,
      };
    },

    /**
     * Average (one decimal, null when none), count and per-star counts of verified reviews, and
     * how many unverified public reviews are not counted.
     */
    async getSummary(companyId: string, actor?: Actor): Promise<ReviewSummary> {
      await assertSupplierExists(companyId);
      const stats = await repository.computeStats(companyId);
      const own = actor ? await repository.findByStore(companyId, actor.storeId) : undefined;
      return { companyId, ...stats, ownReview: own ? toReview(own, actor?.storeId ?? null) : null };
    },

    /**
     * Reviews a supplier as the caller's store; the author name is the store's title. 404
     * `company_not_found`; 409 `review_exists` when the store already reviewed this supplier.
     */
    async createReview(actor: Actor, input: CreateReviewInput): Promise<CatalogCompanyReview> {
      const authorName = actor.storeTitle;
      const now = clock.now();
      const row = await writeWithRatingRefresh(input.companyId, async (repo) => {
        if (await repo.findByStore(input.companyId, actor.storeId)) throw storeReviewExists();
        return repo.insert({
          id: newId('rev'),
          companyId: input.companyId,
          storeId: actor.storeId,
          authorUserId: actor.userId,
          authorName,
          authorEmail: null,
          rating: input.rating,
          title: input.title,
          body: input.body,
          // The store's account vouches for the review: it counts at once.
          verifiedAt: now,
          createdAt: now,
          updatedAt: now,
        });
      }).catch((error: unknown) => {
        // Two first reviews at once: the loser meets the unique index only at insert.
        if (uniqueViolationConstraint(error) === 'catalog_company_reviews_store_key') {
          throw storeReviewExists();
        }
        throw error;
      });
      return toReview(row, actor.storeId);
    },

    /**
     * Edits the stars, title and body of the caller's store's review; the supplier never
     * changes. Another store's review, or an unknown id, is 404 `review_not_found`.
     */
    async updateReview(
      actor: Actor,
      reviewId: string,
      input: ReviewContent,
    ): Promise<CatalogCompanyReview> {
      const existing = await repository.findById(reviewId);
      if (!existing || existing.storeId !== actor.storeId) throw reviewNotFound();
      const authorName = actor.storeTitle;
      const row = await writeWithRatingRefresh(existing.companyId, (repo) =>
        repo.update(existing.id, {
          rating: input.rating,
          title: input.title,
          body: input.body,
          authorName,
          updatedAt: clock.now(),
        }),
      );
      return toReview(row, actor.storeId);
    },

    /**
     * Issue 12 /leave-a-review/{orderId}: the store's review of a supplier it received an order
     * from, marked a verified purchase (`purchasedAt`). Writes the store's review, or rewrites it
     * when the store reviewed this supplier before (one review per store and supplier). The caller
     * (the orders module) checked the purchase.
     */
    async writePurchaseReview(
      actor: Actor,
      companyId: string,
      input: ReviewContent,
      purchasedAt: Date,
    ): Promise<CatalogCompanyReview> {
      const now = clock.now();
      const row = await writeWithRatingRefresh(companyId, async (repo) => {
        const existing = await repo.findByStore(companyId, actor.storeId);
        if (existing) {
          return repo.update(existing.id, {
            rating: input.rating,
            title: input.title,
            body: input.body,
            authorName: actor.storeTitle,
            purchasedAt,
            updatedAt: now,
          });
        }
        return repo.insert({
          id: newId('rev'),
          companyId,
          storeId: actor.storeId,
          authorUserId: actor.userId,
          authorName: actor.storeTitle,
          authorEmail: null,
          rating: input.rating,
          title: input.title,
          body: input.body,
          verifiedAt: now,
          purchasedAt,
          createdAt: now,
          updatedAt: now,
        });
      });
      return toReview(row, actor.storeId);
    },

    /**
     * The public review page (no session), issue 9: the review is stored unverified and the
     * author is e-mailed a link to `${publicUrl}/confirm-review?token=…` (256-bit token, stored
     * as its SHA-256, valid `REVIEW_CONFIRMATION_TTL_HOURS`). It counts only once confirmed. One
     * review per e-mail per supplier: sending again while unverified replaces the review and its
     * link (the earlier link stops working); once confirmed it is 409 `review_exists`. At most
     * `PUBLIC_REVIEW_LIMIT` per client address per hour (429). The e-mail is never shown.
     */
    async createPublicReview(
      input: PublicReviewInput,
      client: ClientInfo,
    ): Promise<CatalogCompanyReview> {
      publicThrottle.take(client.address);
      const now = clock.now();
      const token = newToken();
      const confirmation = {
        confirmTokenHash: hashToken(token),
        confirmExpiresAt: new Date(now.getTime() + REVIEW_CONFIRMATION_TTL_MS),
      };
      const row = await withLockedSupplier(input.companyId, async (repo, supplier, tx) => {
        const existing = await repo.findByAuthorEmail(input.companyId, input.authorEmail);
        if (existing?.verifiedAt) throw emailReviewExists();
        const content = {
          authorName: input.authorName,
          rating: input.rating,
          title: input.title,
          body: input.body,
        };
        const review = existing
          ? await repo.replacePending(existing.id, {
              ...content,
              ...confirmation,
              updatedAt: now,
            })
          : await repo.insert({
              id: newId('rev'),
              companyId: input.companyId,
              storeId: null,
              authorUserId: null,
              authorEmail: input.authorEmail,
              ...content,
              ...confirmation,
              verifiedAt: null,
              createdAt: now,
              updatedAt: now,
            });
        if (!review) throw emailReviewExists();
        await notifier.sendEmail(
          confirmationEmail(input, supplier.name, `${baseUrl}/confirm-review?token=${token}`),
          tx,
        );
        return review;
      }).catch((error: unknown) => {
        if (uniqueViolationConstraint(error) === 'catalog_company_reviews_email_key') {
          throw emailReviewExists();
        }
        throw error;
      });
      return toReview(row, null);
    },

    /**
     * Confirms a public review from its e-mailed link; from then on it counts in the supplier's
     * rating (recomputed in the same transaction). Single use. 404
     * `review_confirmation_not_found` for an unknown token (or one replaced by a newer link), 400
     * `review_confirmation_used` once confirmed, 400 `review_confirmation_expired` after
     * `REVIEW_CONFIRMATION_TTL_HOURS`. The token alone names the review, so it confirms no other.
     */
    async confirmPublicReview(token: string): Promise<ConfirmedReview> {
      const tokenHash = hashToken(token);
      const pending = await repository.findByConfirmTokenHash(tokenHash);
      if (!pending) throw confirmationNotFound();
      if (pending.verifiedAt) throw confirmationUsed();
      const now = clock.now();
      if (!pending.confirmExpiresAt || pending.confirmExpiresAt <= now) {
        throw confirmationExpired();
      }
      return writeWithRatingRefresh(pending.companyId, async (repo, supplier) => {
        const verified = await repo.markVerified(pending.id, tokenHash, now);
        if (!verified) {
          // Since the read above, another request confirmed it, or a newer link replaced this one.
          const current = await repo.findById(pending.id);
          throw current?.verifiedAt ? confirmationUsed() : confirmationNotFound();
        }
        return { review: toReview(verified, null), companyName: supplier.name };
      });
    },
  };
};
export type ReviewService = ReturnType<typeof createReviewService>;
