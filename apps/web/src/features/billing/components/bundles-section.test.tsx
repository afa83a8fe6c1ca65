// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { aBillingInvoice, aBillingOverview, aBundle } from '@/testing/billing-overview-factories';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { BundlesSection } from './bundles-section';

const { requestsTo } = startMockServer();

const overview = aBillingOverview({
  modules: [
    aBundle(),
    aBundle({
      name: 'launch',
      label: 'Launch bundle',
      status: 'ACTIVE',
      source: 'PURCHASE',
      activatedAt: '2026-01-10T00:00:00.000Z',
      expiresAt: '2027-01-10T00:00:00.000Z',
      sizes: [{ credits: 3_500, price: 3_500 }],
      welcomeCredits: 7_500,
    }),
  ],
});

describe('BundlesSection', () => {
  it("shows each bundle's status and sizes, and buys one after a confirmation with its price", async () => {
    server.use(
      handle(billingEndpoints.overview, () => overview),
      handle(billingEndpoints.buyBundle, () => ({
        module: aBundle({ status: 'ACTIVE', source: 'PURCHASE' }),
        invoice: aBillingInvoice({ reason: 'BUNDLE', total: 2_000 }),
      })),
    );
    const { user } = render(<BundlesSection canManage />);
    const launch = await screen.findByRole('listitem', { name: 'Launch bundle' });
    expect(within(launch).getByText('Active')).toBeTruthy();
    expect(launch.textContent).toContain('Active until Jan 10, 2027.');
    const beginner = screen.getByRole('listitem', { name: 'Beginner bundle' });
    expect(within(beginner).getByText('Not active')).toBeTruthy();
    expect(beginner.textContent).toContain('The first purchase adds 2,500 welcome credits.');

    await user.click(
      within(beginner).getByRole('button', {
        name: 'Buy Beginner bundle with 2,000 credits for $20.00',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Buy this bundle?' });
    expect(dialog.textContent).toContain('Beginner bundle with 2,000 credits for $20.00');
    expect(requestsTo('POST', '/api/web/billing/bundles/beginner/purchase')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $20.00' }));
    await waitFor(() =>
      expect(requestsTo('POST', '/api/web/billing/bundles/beginner/purchase')[0]?.body).toEqual({
        credits: 2_000,
      }),
    );
  });

  it('lists the prices without buying to a member', async () => {
    server.use(handle(billingEndpoints.overview, () => overview));
    render(<BundlesSection canManage={false} />);
    const beginner = await screen.findByRole('listitem', { name: 'Beginner bundle' });
    expect(beginner.textContent).toContain('1,000 credits · $10.00');
    expect(screen.queryByRole('button', { name: /^Buy / })).toBeNull();
  });
});
