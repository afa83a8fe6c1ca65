// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { aCreditEntry } from '@/testing/billing-overview-factories';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { CreditsSection } from './credits-section';

const { requestsTo } = startMockServer();

const newer = [
  aCreditEntry({
    id: 'cre_3',
    kind: 'SPEND',
    credits: -250,
    balanceAfter: 750,
    reason: 'AI design brief',
    createdAt: '2026-03-05T00:00:00.000Z',
  }),
];
const older = [aCreditEntry()];

const rowsOf = () =>
  within(screen.getByRole('table', { name: 'Credits history' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('CreditsSection', () => {
  it('shows the balance and pages through the history by cursor', async () => {
    server.use(
      handle(billingEndpoints.credits, ({ query }) =>
        query.cursor === 'cur_2'
          ? { balance: 750, entries: older, nextCursor: null }
          : { balance: 750, entries: newer, nextCursor: 'cur_2' },
      ),
    );
    const { user } = render(<CreditsSection />);
    expect(await screen.findByTestId('credits-balance')).toHaveProperty(
      'textContent',
      '750 credits',
    );
    expect(rowsOf()).toEqual(['Spend−250750AI design briefMar 5, 2026']);
    const pager = screen.getByRole('navigation', { name: 'Credits pages' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rowsOf()).toEqual(['Grant+1,0001,000Beginner bundleMar 2, 2026']));
    expect(within(pager).getByText('Page 2')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(requestsTo('GET', billingEndpoints.credits.path).at(-1)?.query.get('cursor')).toBe(
      'cur_2',
    );

    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(rowsOf()).toEqual(['Spend−250750AI design briefMar 5, 2026']));
  });

  it('says when there are no credits yet, with no pages', async () => {
    server.use(
      handle(billingEndpoints.credits, () => ({ balance: 0, entries: [], nextCursor: null })),
    );
    render(<CreditsSection />);
    expect(await screen.findByText(/No credits yet/)).toBeTruthy();
    expect(screen.getByTestId('credits-balance').textContent).toBe('0 credits');
    expect(screen.queryByRole('navigation', { name: 'Credits pages' })).toBeNull();
  });

  it('says when the credits could not be loaded, and loads them on retry', async () => {
    server.use(
      handle(
        billingEndpoints.credits,
        () => errorResponse(500, { code: 'internal', message: 'Something went wrong.' }),
        { once: true },
      ),
    );
    const { user } = render(<CreditsSection />);
    expect(await screen.findByText('Your credits could not be loaded.')).toBeTruthy();
    server.use(
      handle(billingEndpoints.credits, () => ({ balance: 750, entries: newer, nextCursor: null })),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('credits-balance')).toHaveProperty(
      'textContent',
      '750 credits',
    );
  });
});
