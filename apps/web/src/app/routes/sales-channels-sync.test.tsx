// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listJobs, type Job } from '@atelier/contract/jobs/job';
import { listSalesChannels } from '@atelier/contract/sales/channel';
import { SHOPIFY_SYNC_JOB_KIND, syncSalesChannel } from '@atelier/contract/sales/channel-sync';
import { validateSalesChannelsSearch } from '@/features/sales/channel-search-params';
import { aChannelConnection, someSalesChannels } from '@/testing/factories';
import { handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { SalesChannelsPage } from './sales-channels-page';

startMockServer();

const connection = aChannelConnection();
const tally = (read: number, created: number, updated = 0) => ({
  read,
  created,
  updated,
  unchanged: read - created - updated,
  skipped: 0,
});

const aSyncJob = (overrides: Partial<Job> = {}): Job => ({
  id: 'job_sync1',
  storeId: 'sto_1',
  kind: SHOPIFY_SYNC_JOB_KIND,
  status: 'COMPLETED',
  progress: 100,
  message: 'Done',
  counts: { products: 3, customers: 2, orders: 3 },
  error: null,
  result: {
    connectionId: connection.id,
    shop: connection.shop,
    products: tally(3, 0, 1),
    customers: tally(2, 0),
    orders: tally(3, 2),
    issues: [],
  },
  attempts: 1,
  createdAt: '2026-11-27T10:00:00.000Z',
  startedAt: '2026-11-27T10:00:00.000Z',
  endedAt: '2026-11-27T10:01:00.000Z',
  updatedAt: '2026-11-27T10:01:00.000Z',
  ...overrides,
});

const renderWith = (latest: Job | null) => {
  server.use(
    handle(listSalesChannels, () => ({
      items: someSalesChannels({ state: 'CONNECTED', connections: [connection] }),
    })),
    handle(listJobs, () => ({ items: latest ? [latest] : [], nextCursor: null })),
  );
  return renderAtRoute({
    path: '/ecommerce-services',
    initialEntry: '/ecommerce-services',
    validateSearch: validateSalesChannelsSearch,
    component: () => <SalesChannelsPage />,
  });
};

describe('SalesChannelsPage sync', () => {
  it('says what the last sync brought in and what changed', async () => {
    renderWith(aSyncJob());
    const outcome = await screen.findByRole('status', { name: 'Last sync' });
    expect(outcome.textContent).toContain('3 products (1 changed), 2 customers, 3 orders (2 new)');
    expect(outcome.textContent).not.toContain('Nothing had changed');
  });

  it('says why the last sync failed', async () => {
    renderWith(
      aSyncJob({
        status: 'FAILED',
        result: null,
        error: 'Shopify no longer accepts Atelier’s access to shop: connect the shop again.',
      }),
    );
    const alert = await screen.findByRole('status');
    expect(alert.textContent).toContain('The last sync failed');
    expect(alert.textContent).toContain('no longer accepts');
  });

  it('starts a re-sync and shows its progress bar and counts, with Re-sync disabled', async () => {
    let started = 0;
    server.use(
      handle(syncSalesChannel, () => {
        started += 1;
        return aSyncJob({
          id: 'job_sync2',
          status: 'RUNNING',
          progress: 40,
          message: 'Bringing in the customers',
          counts: { products: 3, customers: 1, orders: 0 },
          result: null,
          endedAt: null,
          createdAt: '2026-11-27T11:00:00.000Z',
          updatedAt: '2026-11-27T11:00:00.000Z',
        });
      }),
    );
    const { user } = renderWith(null);
    await screen.findByText(/Not synced yet: Re-sync brings/);
    await user.click(screen.getByRole('button', { name: 'Re-sync' }));
    const bar = await screen.findByRole('progressbar', { name: 'The sync: 40%' });
    expect(bar).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Shopify' });
    expect(within(card).getByText('3 products, 1 customer, 0 orders')).toBeTruthy();
    expect(within(card).getByText('Bringing in the customers')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Re-sync' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(started).toBe(1);
  });
});
