// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { aBillingOverview } from '@/testing/billing-overview-factories';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { TestClockPanel } from './test-clock-panel';

const { requestsTo } = startMockServer();

describe('TestClockPanel', () => {
  it('shows the billing time and moves it forward with the local provider', async () => {
    let now = '2026-03-10T12:00:00.000Z';
    server.use(
      handle(billingEndpoints.overview, () => aBillingOverview({ now })),
      handle(billingEndpoints.advanceTestClock, ({ body }) => {
        now = new Date(Date.parse(now) + body.days * 86_400_000).toISOString();
        return aBillingOverview({ now });
      }),
    );
    const { user } = render(<TestClockPanel canManage />);
    expect(await screen.findByTestId('billing-time')).toHaveProperty(
      'textContent',
      'Mar 10, 2026, 12:00 PM UTC',
    );
    expect(screen.getByText(/Only with test payments/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Advance the test clock by 7 days' }));
    await waitFor(() =>
      expect(screen.getByTestId('billing-time').textContent).toBe('Mar 17, 2026, 12:00 PM UTC'),
    );
    expect(requestsTo('POST', billingEndpoints.advanceTestClock.path)[0]?.body).toEqual({
      days: 7,
    });
  });

  it('is not there with a real payment provider', async () => {
    let isAnswered = false;
    server.use(
      handle(billingEndpoints.overview, () => {
        isAnswered = true;
        return aBillingOverview({ provider: { name: 'stripe', isLocal: false } });
      }),
    );
    const { queryClient } = render(<TestClockPanel canManage />);
    await waitFor(() => expect(isAnswered).toBe(true));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('region', { name: 'Test clock' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Advance the test clock/ })).toBeNull();
  });
});
