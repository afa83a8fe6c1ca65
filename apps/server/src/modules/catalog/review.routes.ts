import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmPublicCompanyReview,
  createCompanyReview,
  createPublicCompanyReview,
  getCompanyReviewSummary,
  listCompanyReviews,
  updateCompanyReview,
} from '@atelier/contract/catalog/review';
import { routeOptions } from '@/lib/endpoint';
import { optionalActor } from '@/lib/request-actor';
import { clientInfo } from '@/lib/client-info';
import type { ReviewService } from './review.service';

/**
 * Spec §7 supplier reviews: `GET`/`POST /api/web/catalog-company-reviews`, `PUT …/:id`,
 * `GET …/summary`, and the public `POST /api/app/catalog-company-reviews` (no session; stored
 * unverified, e-mails a link) with its `POST …/confirm` (issue 9: only then does it count).
 * Errors: 400 validation (stars outside 1–5, bad cursor), 404 `company_not_found` /
 * `review_not_found`, 409 `review_exists`, 429 `review_rate_limited` (public page only);
 * confirm: 404 `review_confirmation_not_found`, 400 `review_confirmation_used` /
 * `review_confirmation_expired`.
 */
export const reviewRoutes =
  (reviewService: ReviewService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(listCompanyReviews.path, routeOptions(listCompanyReviews), async (request) =>
      reviewService.listReviews(optionalActor(request), request.query),
    );

    app.get(getCompanyReviewSummary.path, routeOptions(getCompanyReviewSummary), async (request) =>
      reviewService.getSummary(request.query.companyId, optionalActor(request)),
    );

    app.post(createCompanyReview.path, routeOptions(createCompanyReview), async (request, reply) =>
      reply.status(201).send(await reviewService.createReview(request.actor, request.body)),
    );

    app.put(updateCompanyReview.path, routeOptions(updateCompanyReview), async (request) =>
      reviewService.updateReview(request.actor, request.params.id, request.body),
    );

    app.post(
      createPublicCompanyReview.path,
      routeOptions(createPublicCompanyReview),
      async (request, reply) =>
        reply
          .status(201)
          .send(await reviewService.createPublicReview(request.body, clientInfo(request))),
    );

    app.post(
      confirmPublicCompanyReview.path,
      routeOptions(confirmPublicCompanyReview),
      async (request) => reviewService.confirmPublicReview(request.body.token),
    );
  };
