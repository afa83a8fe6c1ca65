// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Job } from '@atelier/contract/jobs/job';
import {
  connectWix,
  connectWooCommerce,
  listSalesChannels,
  type SalesChannel,
} from '@atelier/contract/sales/channel';
import { syncSalesChannel } from '@atelier/contract/sales/channel-sync';
import { aChannelConnection, someSalesChannels } from '@/testing/factories';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { SalesChannelList } from './sales-channel-list';

const { requestsTo } = startMockServer();

const KEY = `ck_${'a'.repeat(40)}`;
const SECRET = `cs_${'b'.repeat(40)}`;

const aJob = (overrides: Partial<Job> = {}): Job => ({
  id: 'job_sync1',
  storeId: 'sto_1',
  kind: 'sales.channel-sync',
  status: 'QUEUED',
  progress: 0,
  message: 'Waiting to sync',
  counts: {},
  error: null,
  result: null,
  attempts: 0,
  createdAt: '2026-03-02T14:00:00.000Z',
  startedAt: null,
  endedAt: null,
  updatedAt: '2026-03-02T14:00:00.000Z',
  ...overrides,
});

const wooConnection = aChannelConnection({
  id: 'chc_woo',
  channel: 'woocommerce',
  shop: 'https://shop.example.com',
  scopes: ['read_write'],
  syncJobId: 'job_sync1',
  webhookUrl: 'https://atelier.example/api/channels/woocommerce/webhooks/chc_woo',
  lastSyncAt: new Date(Date.now() - 3 * 60_000).toISOString(),
});

const withChannels = (others: {
  woocommerce?: Partial<SalesChannel>;
  wix?: Partial<SalesChannel>;
}) => server.use(handle(listSalesChannels, () => ({ items: someSalesChannels({}, others) })));

/** A stand-in for the page's FollowedJob. */
const renderSyncJob = ({ jobId, label }: { jobId: string; label: string }) => (
  <p data-testid="sync-job">
    {label} ({jobId})
  </p>
);

describe('WooCommerce and Wix cards', () => {
  it('checks the WooCommerce address before asking the server', async () => {
    withChannels({});
    const { user } = render(<SalesChannelList />);
    const card = await screen.findByRole('region', { name: 'WooCommerce' });
    await user.type(
      within(card).getByRole('textbox', { name: 'Shop address' }),
      'http://shop.example.com',
    );
    await user.type(within(card).getByRole('textbox', { name: 'Consumer key' }), KEY);
    await user.type(within(card).getByLabelText('Consumer secret'), SECRET);
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    await within(card).findByText('Use the shop’s https:// address (http only for localhost).');
    expect(requestsTo('POST', connectWooCommerce.path)).toEqual([]);
  });

  it('sends the shop and key, and shows the server’s refusal on the key’s field', async () => {
    withChannels({});
    server.use(
      handle(connectWooCommerce, () =>
        errorResponse(400, {
          code: 'bad_request',
          reason: 'channel_credentials_refused',
          message: 'WooCommerce refused the key: check the consumer key and secret.',
          details: [
            {
              field: 'body.consumerKey',
              message: 'WooCommerce refused the key: check the consumer key and secret.',
            },
          ],
        }),
      ),
    );
    const { user } = render(<SalesChannelList />);
    const card = await screen.findByRole('region', { name: 'WooCommerce' });
    await user.type(
      within(card).getByRole('textbox', { name: 'Shop address' }),
      ' shop.example.com/ ',
    );
    await user.type(within(card).getByRole('textbox', { name: 'Consumer key' }), KEY);
    await user.type(within(card).getByLabelText('Consumer secret'), `${SECRET}{Enter}`);
    const key = within(card).getByRole('textbox', { name: 'Consumer key' });
    await within(card).findByText(
      'WooCommerce refused the key: check the consumer key and secret.',
    );
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(key);
    expect(requestsTo('POST', connectWooCommerce.path).map((request) => request.body)).toEqual([
      { storeUrl: 'https://shop.example.com', consumerKey: KEY, consumerSecret: SECRET },
    ]);
  });

  it('shows a connected shop with its last sync, its sync job and re-sync', async () => {
    withChannels({ woocommerce: { state: 'CONNECTED', connections: [wooConnection] } });
    server.use(handle(syncSalesChannel, () => aJob({ id: 'job_sync2' })));
    const { user } = render(<SalesChannelList renderSyncJob={renderSyncJob} />);
    const card = await screen.findByRole('region', { name: 'WooCommerce' });
    expect(within(card).getByText('Connected')).toBeTruthy();
    expect(within(card).getByText('https://shop.example.com')).toBeTruthy();
    expect(within(card).getByText('3 minutes ago')).toBeTruthy();
    expect(within(card).getByTestId('sync-job').textContent).toBe(
      'The sync of https://shop.example.com (job_sync1)',
    );
    expect(within(card).queryByRole('textbox')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Re-sync' }));
    expect(requestsTo('POST', '/api/web/channels/chc_woo/sync')).toHaveLength(1);
    expect(within(card).getByRole('button', { name: 'Disconnect' })).toBeTruthy();
  });

  it('shows a failing shop’s error in plain words and offers to connect it again', async () => {
    withChannels({
      woocommerce: {
        state: 'ERROR',
        connections: [
          {
            ...wooConnection,
            status: 'ERROR',
            lastError: 'WooCommerce refused the key: check the consumer key and secret.',
          },
        ],
      },
    });
    render(<SalesChannelList />);
    const card = await screen.findByRole('region', { name: 'WooCommerce' });
    expect(within(card).getByText('Error')).toBeTruthy();
    expect(
      within(card).getByText('WooCommerce refused the key: check the consumer key and secret.'),
    ).toBeTruthy();
    expect(within(card).getByRole('textbox', { name: 'Shop address' })).toHaveProperty(
      'value',
      'https://shop.example.com',
    );
  });

  it('connects a Wix site and shows the webhook address to give the Wix app', async () => {
    withChannels({});
    const siteId = '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';
    const connection = aChannelConnection({
      id: 'chc_wix',
      channel: 'wix',
      shop: siteId,
      webhookUrl: 'https://atelier.example/api/channels/wix/webhooks/chc_wix',
    });
    server.use(
      handle(connectWix, () => {
        server.use(
          handle(listSalesChannels, () => ({
            items: someSalesChannels(
              {},
              { wix: { state: 'CONNECTED', connections: [connection] } },
            ),
          })),
        );
        return { connection, job: aJob() };
      }),
    );
    const { user } = render(<SalesChannelList focusedChannel="wix" />);
    const card = await screen.findByRole('region', { name: 'Wix' });
    // Opened to connect Wix: the keyboard is in its first field.
    expect(document.activeElement).toBe(within(card).getByLabelText('API key'));
    await user.type(within(card).getByLabelText('API key'), `IST.${'k'.repeat(40)}`);
    await user.type(within(card).getByRole('textbox', { name: 'Site ID' }), siteId.toUpperCase());
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    await within(card).findByText('https://atelier.example/api/channels/wix/webhooks/chc_wix');
    expect(requestsTo('POST', connectWix.path).map((request) => request.body)).toEqual([
      { apiKey: `IST.${'k'.repeat(40)}`, siteId },
    ]);
    expect(within(card).getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('says what the operator sets when credentials cannot be kept, with nothing to fill in', async () => {
    const reason =
      'This server has no key to encrypt shop credentials: its operator sets CHANNEL_TOKEN_KEY.';
    withChannels({
      woocommerce: { state: 'NOT_CONFIGURED', isConfigured: false, notConfiguredReason: reason },
    });
    render(<SalesChannelList />);
    const card = await screen.findByRole('region', { name: 'WooCommerce' });
    expect(within(card).getByText('Not configured')).toBeTruthy();
    expect(within(card).getByText(reason)).toBeTruthy();
    expect(within(card).queryByRole('textbox')).toBeNull();
  });
});
