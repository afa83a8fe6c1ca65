// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import {
  aBillingInvoice,
  aBillingOverview,
  aSubscription,
} from '@/testing/billing-overview-factories';
import { errorResponse, handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { BillingSummary } from './billing-summary';

const { requestsTo } = startMockServer();

const renderSummary = ({ canManage = true } = {}) =>
  renderAtRoute({
    path: '/account-info',
    initialEntry: '/account-info',
    component: () => <BillingSummary canManage={canManage} />,
  });

const factsOf = () =>
  within(screen.getByRole('region', { name: 'Plan and billing' })).getByText('Billing')
    .parentElement?.parentElement?.textContent ?? '';

describe('BillingSummary', () => {
  it('shows the plan, its status, the next invoice and a Manage plan link to the plan modal', async () => {
    server.use(handle(billingEndpoints.overview, () => aBillingOverview()));
    renderSummary();
    expect(await screen.findByTestId('plan-name')).toHaveProperty('textContent', 'Scaling');
    expect(screen.getByText('Active')).toBeTruthy();
    expect(factsOf()).toContain('Monthly, $99.00 per month');
    expect(factsOf()).toContain('Next invoice$99.00 on Apr 1, 2026');
    const manage = screen.getByRole('link', { name: 'Manage plan' });
    expect(manage.getAttribute('href')).toBe('/account-info?dialog=manage_plan');
    expect(document.getElementById('billing')).toBeTruthy();
  });

  it('shows the trial end, a pending change and a discount', async () => {
    server.use(
      handle(billingEndpoints.overview, () =>
        aBillingOverview({
          subscription: aSubscription({
            status: 'TRIALING',
            trialEndsAt: '2026-03-15T00:00:00.000Z',
            pendingChange: {
              planType: 'TIER_2',
              interval: 'YEAR',
              effectiveAt: '2026-04-01T00:00:00.000Z',
            },
            discount: { code: 'STAY40', percentOff: 40, invoicesRemaining: 3 },
          }),
        }),
      ),
    );
    renderSummary();
    expect(await screen.findByText('Trial')).toBeTruthy();
    expect(factsOf()).toContain('Trial endsMar 15, 2026');
    expect(factsOf()).toContain('Pending changeBeginner, yearly from Apr 1, 2026');
    expect(factsOf()).toContain('DiscountSTAY40: 40 % off the next 3 invoices');
  });

  it('shows a paused subscription with its resume date', async () => {
    server.use(
      handle(billingEndpoints.overview, () =>
        aBillingOverview({
          upcomingInvoice: null,
          subscription: aSubscription({
            isPaused: true,
            pausedAt: '2026-03-05T00:00:00.000Z',
            resumesAt: '2026-05-05T00:00:00.000Z',
          }),
        }),
      ),
      handle(billingEndpoints.resume, () => aSubscription()),
    );
    const { user } = renderSummary();
    expect(await screen.findByText('Paused')).toBeTruthy();
    expect(screen.getByText('Resumes on May 5, 2026')).toBeTruthy();
    expect(screen.queryByText('Next invoice')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resume now' }));
    await waitFor(() => expect(requestsTo('POST', billingEndpoints.resume.path)).toHaveLength(1));
  });

  it('alerts a payment problem and retries the open invoice', async () => {
    const open = aBillingInvoice({
      id: 'binv_2',
      number: 'ATL-000002',
      status: 'OPEN',
      nextPaymentAttemptAt: '2026-03-13T00:00:00.000Z',
    });
    server.use(
      handle(billingEndpoints.overview, () =>
        aBillingOverview({
          subscription: aSubscription({ status: 'PAST_DUE', hasPaymentProblem: true }),
        }),
      ),
      handle(billingEndpoints.invoices, () => ({ items: [open], nextCursor: null })),
      handle(billingEndpoints.retryInvoice, () =>
        aBillingInvoice({ id: 'binv_2', status: 'PAID' }),
      ),
    );
    const { user } = renderSummary();
    const alert = await screen.findByTestId('payment-problem-alert');
    expect(screen.getByText('Past due')).toBeTruthy();
    await within(alert).findByText(/We could not charge \$99\.00 for invoice ATL-000002/);
    expect(alert.textContent).toContain('Next automatic attempt: Mar 13, 2026.');
    await user.click(within(alert).getByRole('button', { name: 'Retry payment' }));
    expect(await within(alert).findByText('Payment received. Thank you.')).toBeTruthy();
    expect(requestsTo('POST', '/api/web/billing/invoices/binv_2/retry')).toHaveLength(1);
  });

  it('says when the plan could not be loaded, and loads it on retry', async () => {
    server.use(
      handle(
        billingEndpoints.overview,
        () => errorResponse(500, { code: 'internal', message: 'Something went wrong.' }),
        { once: true },
      ),
    );
    const { user } = renderSummary();
    expect(await screen.findByText('Your plan and billing could not be loaded.')).toBeTruthy();
    server.use(handle(billingEndpoints.overview, () => aBillingOverview()));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('plan-name')).toHaveProperty('textContent', 'Scaling');
  });

  it('shows the Free plan without a subscription, and no Manage plan to a member', async () => {
    server.use(
      handle(billingEndpoints.overview, () =>
        aBillingOverview({ planType: 'TIER_1', subscription: null, upcomingInvoice: null }),
      ),
    );
    renderSummary({ canManage: false });
    expect(await screen.findByText('No subscription')).toBeTruthy();
    expect(screen.getByTestId('plan-name').textContent).toBe('Free');
    expect(screen.getByText('Only the owner and admins change billing.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Manage plan' })).toBeNull();
  });

  it("says a plan the operator gave the store is not charged and a plan of one's own replaces it", async () => {
    server.use(
      handle(billingEndpoints.overview, () =>
        aBillingOverview({ planType: 'TIER_2_5', subscription: null, upcomingInvoice: null }),
      ),
    );
    renderSummary();
    expect(await screen.findByText('No subscription')).toBeTruthy();
    expect(screen.getByTestId('plan-name').textContent).toBe('Scaling');
    expect(
      screen.getByText(
        /Scaling is given to this store by the platform's operator: nothing is charged/,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/You are on the Free plan/)).toBeNull();
  });
});
