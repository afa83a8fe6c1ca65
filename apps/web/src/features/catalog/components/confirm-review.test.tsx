// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { useSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  confirmPublicCompanyReview,
  REVIEW_CONFIRMATION_TTL_HOURS,
} from '@atelier/contract/catalog/review';
import { aCompanyReview } from '@/testing/factories';
import { errorResponse, handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { ConfirmReview } from './confirm-review';

const { requestsTo } = startMockServer();

const SearchSchema = z.object({ token: z.string().optional().catch(undefined) });

const TOKEN = 'Zt3kq0x8PBnVbW7Yd1cH5mJrQf2LsUa9oE4gRiTy6wX';

/** The page as its route renders it: the token from the address. */
const ConfirmReviewAtRoute = () => {
  const { token } = SearchSchema.parse(useSearch({ strict: false }));
  return <ConfirmReview token={token} />;
};

const renderPage = (token: string | undefined) =>
  renderAtRoute({
    path: '/confirm-review',
    initialEntry: token === undefined ? '/confirm-review' : `/confirm-review?token=${token}`,
    validateSearch: (raw) => SearchSchema.parse(raw),
    component: () => <ConfirmReviewAtRoute />,
  });

const refusal = (status: number, reason: string, code: 'bad_request' | 'not_found') =>
  handle(confirmPublicCompanyReview, () =>
    errorResponse(status, { code, reason, message: 'Refused by the server.' }),
  );

describe('ConfirmReview', () => {
  it('confirms the review once on opening the link, and says it now counts', async () => {
    server.use(
      handle(confirmPublicCompanyReview, () => ({
        review: aCompanyReview({ origin: 'public', isVerified: true, authorName: 'Pat Buyer' }),
        companyName: 'Lakeside Knitwear',
      })),
    );
    renderPage(TOKEN);

    const heading = await screen.findByRole('heading', { name: 'Your review is confirmed' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByTestId('review-confirmation').textContent).toContain(
      'Thank you, Pat Buyer. Your review of Lakeside Knitwear is now verified and counts in its rating.',
    );
    const link = screen.getByRole('link', { name: 'See the reviews of Lakeside Knitwear' });
    expect(link.getAttribute('href')).toBe('/preview-supplier-profile/cmp_1?tab=reviews');
    const requests = requestsTo('POST', confirmPublicCompanyReview.path);
    expect(requests.map((request) => request.body)).toEqual([{ token: TOKEN }]);
  });

  it('says a used link was already confirmed, without an error', async () => {
    server.use(refusal(400, 'review_confirmation_used', 'bad_request'));
    renderPage(TOKEN);
    expect(
      await screen.findByRole('heading', { name: 'This review is already confirmed' }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain("counts in the supplier's rating");
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains that an expired link needs the review sent again', async () => {
    server.use(refusal(400, 'review_confirmation_expired', 'bad_request'));
    renderPage(TOKEN);
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(`work for ${REVIEW_CONFIRMATION_TTL_HOURS} hours`);
    expect(alert.textContent).toContain('Write your review again');
    expect(alert.textContent).toContain('does not count');
  });

  it('calls an unknown token an invalid link', async () => {
    server.use(refusal(404, 'review_confirmation_not_found', 'not_found'));
    renderPage(TOKEN);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('newest e-mail we sent you');
  });

  it('calls a link without a token invalid and asks the server nothing', async () => {
    renderPage(undefined);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    expect(requestsTo('POST', confirmPublicCompanyReview.path)).toHaveLength(0);
  });

  it('offers to try again after a server failure', async () => {
    server.use(
      handle(
        confirmPublicCompanyReview,
        () => errorResponse(503, { code: 'unavailable', message: 'Down for a moment.' }),
        { once: true },
      ),
      handle(confirmPublicCompanyReview, () => ({
        review: aCompanyReview({ origin: 'public', isVerified: true }),
        companyName: 'Lakeside Knitwear',
      })),
    );
    const { user } = renderPage(TOKEN);
    await screen.findByRole('heading', { name: 'Your review could not be confirmed' });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your review is confirmed' })).toBeTruthy();
  });
});
