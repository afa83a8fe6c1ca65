// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  disconnectSalesChannel,
  listSalesChannels,
  type SalesChannel,
  startShopifyInstall,
} from '@atelier/contract/sales/channel';
import { aChannelConnection, someSalesChannels } from '@/testing/factories';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { SalesChannelList } from './sales-channel-list';

const { requestsTo } = startMockServer();

const AUTHORIZE_URL =
  'https://maker-goods.myshopify.com/admin/oauth/authorize?client_id=app&state=s1';

/** The channels as the server lists them, Shopify's part given; disconnecting updates them. */
const withChannels = (shopify: Partial<SalesChannel>) => {
  let items = someSalesChannels(shopify);
  server.use(
    handle(listSalesChannels, () => ({ items })),
    handle(startShopifyInstall, () => ({ authorizeUrl: AUTHORIZE_URL })),
    handle(disconnectSalesChannel, ({ params }) => {
      const connection = aChannelConnection({ id: params.id, status: 'DISCONNECTED' });
      items = someSalesChannels({ state: 'DISCONNECTED', connections: [connection] });
      return connection;
    }),
  );
};

const shopifyCard = () => screen.findByRole('region', { name: 'Shopify' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SalesChannelList', () => {
  it('shows a connected shop with its badge, since when, and no sync yet', async () => {
    withChannels({ state: 'CONNECTED', connections: [aChannelConnection()] });
    render(<SalesChannelList />);
    const card = await shopifyCard();
    expect(within(card).getByText('Connected')).toBeTruthy();
    expect(within(card).getByText('maker-goods.myshopify.com')).toBeTruthy();
    expect(within(card).getByText('Mar 2, 2026')).toBeTruthy();
    expect(within(card).getByText('Not synced yet')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Connect' })).toBeNull();
  });

  it('shows the last error of a failing connection in plain words, and offers to connect again', async () => {
    const connection = aChannelConnection({
      status: 'ERROR',
      lastError: 'Shopify refused the access token: the app may have been removed.',
      lastSyncAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    withChannels({ state: 'ERROR', connections: [connection] });
    render(<SalesChannelList />);
    const card = await shopifyCard();
    expect(within(card).getByText('Error')).toBeTruthy();
    expect(within(card).getByText('5 minutes ago')).toBeTruthy();
    expect(
      within(card).getByText('Shopify refused the access token: the app may have been removed.'),
    ).toBeTruthy();
    expect(within(card).getByRole('textbox', { name: /Shop address/ })).toHaveProperty(
      'value',
      'maker-goods.myshopify.com',
    );
  });

  it('says what the operator sets when Shopify is not configured, with nothing to connect', async () => {
    withChannels({
      state: 'NOT_CONFIGURED',
      isConfigured: false,
      notConfiguredReason:
        'This server has no Shopify app credentials: its operator sets SHOPIFY_API_KEY and SHOPIFY_API_SECRET.',
    });
    render(<SalesChannelList />);
    const card = await shopifyCard();
    expect(within(card).getByText('Not configured')).toBeTruthy();
    expect(within(card).getByText(/SHOPIFY_API_KEY and SHOPIFY_API_SECRET/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Connect' })).toBeNull();
    expect(within(card).queryByRole('textbox')).toBeNull();
  });

  it('refuses an address that is not a myshopify.com one without asking the server', async () => {
    withChannels({});
    const { user } = render(<SalesChannelList />);
    const card = await shopifyCard();
    expect(within(card).getByText('Not connected')).toBeTruthy();
    await user.type(within(card).getByRole('textbox', { name: /Shop address/ }), 'example.com');
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    await within(card).findByText('The shop’s address, such as my-shop.myshopify.com.');
    expect(requestsTo('POST', startShopifyInstall.path)).toEqual([]);
  });

  it('sends the shop address and takes the browser to Shopify’s install page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    withChannels({});
    const { user } = render(<SalesChannelList />);
    const card = await shopifyCard();
    await user.type(
      within(card).getByRole('textbox', { name: /Shop address/ }),
      ' Maker-Goods.myshopify.com ',
    );
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZE_URL));
    expect(requestsTo('POST', startShopifyInstall.path).map((request) => request.body)).toEqual([
      { shop: 'maker-goods.myshopify.com' },
    ]);
  });

  it('shows the server’s refusal above the form', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    withChannels({});
    server.use(
      handle(startShopifyInstall, () =>
        errorResponse(409, {
          code: 'conflict',
          reason: 'channel_not_configured',
          message: 'This server has no Shopify app credentials.',
        }),
      ),
    );
    const { user } = render(<SalesChannelList />);
    const card = await shopifyCard();
    await user.type(
      within(card).getByRole('textbox', { name: /Shop address/ }),
      'maker-goods.myshopify.com',
    );
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'This server has no Shopify app credentials.',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('disconnects only after the confirmation, which says the orders stay', async () => {
    withChannels({ state: 'CONNECTED', connections: [aChannelConnection({ id: 'chc_7' })] });
    const { user } = render(<SalesChannelList />);
    const card = await shopifyCard();
    await user.click(within(card).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Disconnect maker-goods.myshopify.com?',
    });
    expect(
      within(dialog).getByText(/The access token is deleted; orders already imported stay\./),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo('DELETE', '/api/web/channels/chc_7')).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Disconnect' }));
    const again = await screen.findByRole('dialog', {
      name: 'Disconnect maker-goods.myshopify.com?',
    });
    await user.click(within(again).getByRole('button', { name: 'Disconnect' }));
    const after = await shopifyCard();
    await within(after).findByText('Not connected');
    expect(requestsTo('DELETE', '/api/web/channels/chc_7')).toHaveLength(1);
    expect(within(after).getByText(/maker-goods\.myshopify\.com was disconnected\./)).toBeTruthy();
  });
});
