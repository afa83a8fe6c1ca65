// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createPublicCompanyReview,
  REVIEW_CONFIRMATION_TTL_HOURS,
} from '@atelier/contract/catalog/review';
import { aCompanyReview } from '@/testing/factories';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { PublicReviewForm } from './public-review-form';

const { requestsTo } = startMockServer();

const renderForm = () =>
  render(<PublicReviewForm companyId="cmp_1" supplierName="Lakeside Knitwear" />);

/** Fills the form as a visitor would, with the keyboard for the stars. */
const fillForm = async (user: ReturnType<typeof renderForm>['user']) => {
  await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Pat Buyer');
  await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'Pat@Example.com');
  screen.getByRole('radio', { name: '4 of 5 stars' }).focus();
  await user.keyboard(' ');
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Reliable partner');
  await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'Samples in a week.');
};

describe('PublicReviewForm', () => {
  it('tells the author to confirm the review from their e-mail before it counts', async () => {
    server.use(
      handle(createPublicCompanyReview, ({ body }) =>
        aCompanyReview({
          origin: 'public',
          isVerified: false,
          authorName: body.authorName,
          rating: body.rating,
          title: body.title,
        }),
      ),
    );
    const { user } = renderForm();
    expect(screen.getByText(/We e-mail you a link to confirm the review/)).toBeTruthy();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send review' }));

    const heading = await screen.findByRole('heading', { name: 'Check your e-mail, Pat Buyer' });
    expect(document.activeElement).toBe(heading);
    const panel = screen.getByTestId('review-check-email');
    expect(panel.textContent).toContain('We sent a link to pat@example.com');
    expect(panel.textContent).toContain(
      `To confirm your review of Lakeside Knitwear, open it within ${REVIEW_CONFIRMATION_TTL_HOURS} hours.`,
    );
    expect(panel.textContent).toContain(
      "shown as unverified and does not count in Lakeside Knitwear's rating",
    );
    expect(screen.queryByText(/is published/)).toBeNull();
    const [request] = requestsTo('POST', createPublicCompanyReview.path);
    expect(request?.body).toEqual({
      companyId: 'cmp_1',
      authorName: 'Pat Buyer',
      authorEmail: 'pat@example.com',
      rating: 4,
      title: 'Reliable partner',
      body: 'Samples in a week.',
    });
  });

  it('goes back to the filled form to send the review again for a new link', async () => {
    server.use(
      handle(createPublicCompanyReview, ({ body }) =>
        aCompanyReview({ origin: 'public', isVerified: false, authorName: body.authorName }),
      ),
    );
    const { user } = renderForm();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    await user.click(await screen.findByRole('button', { name: 'send the review again' }));

    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveProperty(
      'value',
      'Reliable partner',
    );
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    await screen.findByTestId('review-check-email');
    await waitFor(() => expect(requestsTo('POST', createPublicCompanyReview.path)).toHaveLength(2));
  });

  it('shows on the e-mail field that this address already has a confirmed review', async () => {
    server.use(
      handle(createPublicCompanyReview, () =>
        errorResponse(409, {
          code: 'conflict',
          reason: 'review_exists',
          message: 'This e-mail address has already reviewed this supplier.',
          details: [
            {
              field: 'body.authorEmail',
              message: 'This address already has a confirmed review of this supplier.',
            },
          ],
        }),
      ),
    );
    const { user } = renderForm();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send review' }));

    expect(
      await screen.findByText('This address already has a confirmed review of this supplier.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('review-check-email')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /E-mail/ }));
  });
});
