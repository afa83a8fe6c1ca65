// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listJobs } from '@atelier/contract/jobs/job';
import { listSalesChannels } from '@atelier/contract/sales/channel';
import { validateSalesChannelsSearch } from '@/features/sales/channel-search-params';
import { aChannelConnection, someSalesChannels } from '@/testing/factories';
import { handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { SalesChannelsPage } from './sales-channels-page';

startMockServer();
const noJobs = () => server.use(handle(listJobs, () => ({ items: [], nextCursor: null })));

const renderPage = (initialEntry: string) =>
  renderAtRoute({
    path: '/ecommerce-services',
    initialEntry,
    validateSearch: validateSalesChannelsSearch,
    component: () => <SalesChannelsPage />,
  });

describe('SalesChannelsPage', () => {
  it('shows why an install failed once, and cleans the address', async () => {
    noJobs();
    server.use(handle(listSalesChannels, () => ({ items: someSalesChannels() })));
    const error = 'This install link has expired or was already used: connect the shop again.';
    const { router, user } = renderPage(`/ecommerce-services?error=${encodeURIComponent(error)}`);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Shopify was not connected');
    expect(alert.textContent).toContain(error);
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(router.state.location.pathname).toBe('/ecommerce-services');
    // Still shown after the address is clean, until dismissed.
    expect(screen.getByRole('alert').textContent).toContain(error);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says Shopify is connected after the install came back', async () => {
    noJobs();
    server.use(
      handle(listSalesChannels, () => ({
        items: someSalesChannels({ state: 'CONNECTED', connections: [aChannelConnection()] }),
      })),
    );
    const { router } = renderPage('/ecommerce-services?connected=shopify');
    expect((await screen.findByRole('status')).textContent).toContain('Shopify is connected');
    await screen.findByText('maker-goods.myshopify.com');
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
  });

  it('shows no alert on a plain visit', async () => {
    server.use(handle(listSalesChannels, () => ({ items: someSalesChannels() })));
    renderPage('/ecommerce-services');
    await screen.findByRole('region', { name: 'Shopify' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says what channels cost (spec §9): no listing fee, 1 % of a channel order', async () => {
    server.use(handle(listSalesChannels, () => ({ items: someSalesChannels() })));
    renderPage('/ecommerce-services');
    const fees = await screen.findByRole('region', { name: 'Fees' });
    expect(fees.textContent).toContain('Listing products on a channel: $0.00');
    expect(fees.textContent).toContain('1% of the order total (a $50.00 order: $0.50)');
  });
});
