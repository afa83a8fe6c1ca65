import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { EmailSchema, textSchema } from '../common/validation';
import { CursorSchema, pageOf } from './supplier';

const CompanyIdSchema = z.string().regex(/^cmp_[a-z0-9]+$/, 'Not a supplier id.');

/** How long the link of a public review's confirmation e-mail works. */
export const REVIEW_CONFIRMATION_TTL_HOURS = 72;

/**
 * A supplier review: 1–5 stars, one per store per supplier, editable by its author only.
 * Issue 9: only verified reviews count in a supplier's rating, count and distribution.
 */
export const CatalogCompanyReviewSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  authorName: z.string(),
  /** `store` when written by a signed-in store, `public` from the public review page. */
  origin: z.enum(['store', 'public']),
  /**
   * Counts in the rating: a store review is verified by the store's account; a public review
   * once its author opened the link e-mailed to them. Unverified reviews are listed, never counted.
   */
  isVerified: z.boolean(),
  /** Issue 12: written after the store received an order from this supplier through Atelier. */
  isVerifiedPurchase: z.boolean(),
  isOwn: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CatalogCompanyReview = z.infer<typeof CatalogCompanyReviewSchema>;

export const ReviewInputSchema = z.object({
  rating: z.number().int().min(1, 'Give 1 to 5 stars.').max(5, 'Give 1 to 5 stars.'),
  title: textSchema(120).pipe(z.string().min(1, 'Give your review a title.')),
  body: textSchema(5000),
});

export const CreateReviewInputSchema = ReviewInputSchema.extend({ companyId: CompanyIdSchema });
export type CreateReviewInput = z.infer<typeof CreateReviewInputSchema>;

export const PublicReviewInputSchema = CreateReviewInputSchema.extend({
  authorName: textSchema(80).pipe(z.string().min(1, 'Tell us your name.')),
  authorEmail: EmailSchema,
});
export type PublicReviewInput = z.infer<typeof PublicReviewInputSchema>;

export const listCompanyReviews = defineEndpoint({
  method: 'GET',
  path: '/api/web/catalog-company-reviews',
  auth: 'optional',
  query: z.object({
    companyId: CompanyIdSchema,
    size: z.coerce.number().int().min(1).max(50).default(10),
    cursor: CursorSchema.optional(),
  }),
  response: pageOf(CatalogCompanyReviewSchema),
  summary: "A supplier's reviews, newest first.",
  tags: ['catalog'],
});

export const createCompanyReview = defineEndpoint({
  method: 'POST',
  path: '/api/web/catalog-company-reviews',
  body: CreateReviewInputSchema,
  response: CatalogCompanyReviewSchema,
  successStatus: 201,
  summary: 'Review a supplier as the signed-in store (one per store per supplier).',
  tags: ['catalog'],
});

export const updateCompanyReview = defineEndpoint({
  method: 'PUT',
  path: '/api/web/catalog-company-reviews/:id',
  params: z.object({ id: z.string().regex(/^rev_[a-z0-9]+$/, 'Not a review id.') }),
  body: ReviewInputSchema,
  response: CatalogCompanyReviewSchema,
  summary: "Edit the store's own review.",
  tags: ['catalog'],
});

export const ReviewSummarySchema = z.object({
  companyId: z.string(),
  average: z.number().nullable(),
  count: z.number().int(),
  /** Verified reviews per star, keys "1" … "5". */
  distribution: z.record(z.enum(['1', '2', '3', '4', '5']), z.number().int()),
  /** Public reviews whose authors have not confirmed their e-mail: listed, not counted. */
  unverifiedCount: z.number().int(),
  /** The signed-in caller's store's review of this supplier, if any (to edit it). */
  ownReview: CatalogCompanyReviewSchema.nullable(),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

export const getCompanyReviewSummary = defineEndpoint({
  method: 'GET',
  path: '/api/web/catalog-company-reviews/summary',
  auth: 'optional',
  query: z.object({ companyId: CompanyIdSchema }),
  response: ReviewSummarySchema,
  summary: 'Average, count and distribution by star of verified reviews.',
  tags: ['catalog'],
});

export const createPublicCompanyReview = defineEndpoint({
  method: 'POST',
  path: '/api/app/catalog-company-reviews',
  auth: 'public',
  body: PublicReviewInputSchema,
  response: CatalogCompanyReviewSchema,
  successStatus: 201,
  summary:
    'Public review from /supplier-profile/{supplierId}/post-review (one per e-mail): kept unverified, and e-mailed a confirmation link.',
  tags: ['catalog'],
});

export const ConfirmReviewInputSchema = z.object({
  /** The `token` of the link in the confirmation e-mail. */
  token: z
    .string()
    .min(1, 'The link has no confirmation token.')
    .max(200, 'Not a confirmation token.'),
});
export type ConfirmReviewInput = z.infer<typeof ConfirmReviewInputSchema>;

export const ConfirmedReviewSchema = z.object({
  review: CatalogCompanyReviewSchema,
  /** The reviewed supplier's name, for the confirmation page. */
  companyName: z.string(),
});
export type ConfirmedReview = z.infer<typeof ConfirmedReviewSchema>;

export const confirmPublicCompanyReview = defineEndpoint({
  method: 'POST',
  path: '/api/app/catalog-company-reviews/confirm',
  auth: 'public',
  body: ConfirmReviewInputSchema,
  response: ConfirmedReviewSchema,
  summary:
    "Confirms a public review from its e-mail link (/confirm-review?token=…): from now on it counts in the supplier's rating.",
  tags: ['catalog'],
});
