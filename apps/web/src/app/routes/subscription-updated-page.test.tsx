// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { aBillingOverview, aSubscription } from '@/testing/billing-overview-factories';
import { handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { SubscriptionUpdatedPage } from './subscription-updated-page';

startMockServer();

describe('SubscriptionUpdatedPage', () => {
  it('confirms the subscription as it is now and links to the billing section', async () => {
    server.use(
      handle(billingEndpoints.overview, () =>
        aBillingOverview({
          planType: 'TIER_3',
          subscription: aSubscription({
            planType: 'TIER_3',
            interval: 'YEAR',
            unitAmount: 199_000,
          }),
          upcomingInvoice: {
            amountDue: 199_000,
            currencyCode: 'USD',
            date: '2027-03-01T00:00:00.000Z',
          },
        }),
      ),
    );
    renderAtRoute({
      path: '/homebase/subscription-updated',
      initialEntry: '/homebase/subscription-updated',
      component: () => <SubscriptionUpdatedPage />,
    });
    expect((await screen.findByTestId('summary-plan-name')).textContent).toBe('Professional');
    expect(screen.getByTestId('summary-status').textContent).toBe('Active');
    expect(screen.getByTestId('summary-next-invoice').textContent).toBe('$1,990.00 on Mar 1, 2027');
    expect(
      screen.getByRole('link', { name: 'Invoices, cards and billing' }).getAttribute('href'),
    ).toBe('/account-info#billing');
  });
});
