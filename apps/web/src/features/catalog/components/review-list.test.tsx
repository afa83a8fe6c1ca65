// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listCompanyReviews } from '@atelier/contract/catalog/review';
import { aCompanyReview, aReviewSummary } from '@/testing/factories';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { ReviewList } from './review-list';
import { ReviewSummaryView } from './review-summary';

startMockServer();

const NO_STARS = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };

const entryTitled = async (title: string) =>
  (await screen.findByText(title)).closest<HTMLElement>('[data-testid="review"]')!;

describe('ReviewList', () => {
  it('marks each review verified or unverified, and says unverified ones are not counted', async () => {
    server.use(
      handle(listCompanyReviews, () => ({
        items: [
          aCompanyReview({ id: 'rev_1', title: 'Pending', origin: 'public', isVerified: false }),
          aCompanyReview({ id: 'rev_2', title: 'Confirmed', origin: 'public', isVerified: true }),
          aCompanyReview({ id: 'rev_3', title: 'From a store', origin: 'store', isVerified: true }),
        ],
        nextCursor: null,
      })),
    );
    render(<ReviewList companyId="cmp_1" />);

    const pending = await entryTitled('Pending');
    expect(within(pending).getByText('Unverified')).toBeTruthy();
    expect(within(pending).queryByText('Verified')).toBeNull();
    expect(pending.textContent).toContain('Not counted in the rating');

    const confirmed = await entryTitled('Confirmed');
    expect(within(confirmed).getByText('Verified')).toBeTruthy();
    expect(confirmed.textContent).toContain('confirmed their e-mail address');

    const store = await entryTitled('From a store');
    expect(within(store).getByText('Verified')).toBeTruthy();
    expect(store.textContent).toContain('Written by a store on Atelier');
  });
});

describe('ReviewSummaryView', () => {
  it('shows how many unverified reviews the figures leave out', () => {
    render(<ReviewSummaryView summary={aReviewSummary({ count: 1, unverifiedCount: 10 })} />);
    expect(screen.getByTestId('review-count').textContent).toBe('1 review');
    expect(screen.getByTestId('review-unverified-count').textContent).toBe(
      '10 unverified reviews not counted',
    );
  });

  it('says nothing of unverified reviews when there are none', () => {
    render(<ReviewSummaryView summary={aReviewSummary({ unverifiedCount: 0 })} />);
    expect(screen.queryByTestId('review-unverified-count')).toBeNull();
  });

  it('shows no number and says "No reviews yet" when no review counts (issue 10)', () => {
    render(
      <ReviewSummaryView
        summary={aReviewSummary({ average: null, count: 0, distribution: NO_STARS })}
      />,
    );
    expect(screen.queryByTestId('review-average')).toBeNull();
    expect(screen.queryByText('–')).toBeNull();
    expect(screen.getByTestId('review-count').textContent).toBe('No reviews yet');
    expect(screen.queryByTestId('review-demo-rating')).toBeNull();
  });

  it('names the demo rating shown elsewhere as one, so header and tab agree (issue 10)', () => {
    render(
      <ReviewSummaryView
        summary={aReviewSummary({ average: null, count: 0, distribution: NO_STARS })}
        demoRating={4.5}
      />,
    );
    expect(screen.getByTestId('review-demo-rating').textContent).toBe(
      'The ★ 4.5 shown for this supplier is a demo rating, not one from reviews.',
    );
  });
});
