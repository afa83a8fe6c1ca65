// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listConversations, listMessages } from '@atelier/contract/chat/conversation';
import { browserTokenStore } from '@/lib/session-token';
import { aConversationSummary, aMessage, someMessages } from '@/testing/factories';
import { handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer, TEST_ORIGIN } from '@/testing/server';
import { storeChatClient } from '../chat-client';
import { ConversationView } from './conversation-view';

const MESSAGES_PATH = '/api/web/conversations/cnv_1/messages';

const { received, requestsTo } = startMockServer();

const renderConversation = (summary = aConversationSummary({ lastMessageIndex: 19 })) => {
  server.use(handle(listConversations, () => ({ items: [summary], unreadTotal: 0 })));
  return renderAtRoute({
    path: '/',
    initialEntry: '/',
    component: () => (
      <ConversationView client={storeChatClient} conversationId="cnv_1" hasBackLink={false} />
    ),
  });
};

const log = () => screen.getByRole('log', { name: 'Messages' });

beforeEach(() => browserTokenStore.setToken('tok_test'));
afterEach(() => browserTokenStore.clearToken());

describe('MessageHistory', () => {
  it('shows the newest page, then loads the older one before it', async () => {
    server.use(
      handle(listMessages, ({ query }) =>
        query.beforeIndex === undefined
          ? { items: someMessages(10, 19), hasOlder: true }
          : { items: someMessages(0, 9), hasOlder: false },
      ),
    );
    renderConversation();

    expect(await screen.findByText('Message 19')).toBeTruthy();
    // A first page too short to scroll loads the next older page at once.
    expect(await screen.findByText('Message 0')).toBeTruthy();
    const requests = requestsTo('GET', MESSAGES_PATH);
    expect(requests.map((request) => request.query.get('beforeIndex'))).toEqual([null, '10']);
    expect(
      within(log()).getByText('This is the start of your conversation with Lakeside Knitwear.'),
    ).toBeTruthy();
    const shown = [...log().querySelectorAll('[data-message-index]')].map((element) =>
      Number(element.getAttribute('data-message-index')),
    );
    expect(shown).toEqual(someMessages(0, 19).map((message) => message.index));
  });

  it('shows a shared catalog item as a card', async () => {
    server.use(
      handle(listMessages, () => ({
        items: [
          aMessage(0, {
            payload: {
              type: 'CATALOG_ITEM',
              itemId: 'itm_1',
              title: 'Merino beanie',
              price: { amount: 1250, currencyCode: 'USD' },
            },
          }),
        ],
        hasOlder: false,
      })),
    );
    renderConversation(aConversationSummary({ lastMessageIndex: 0 }));

    expect(await screen.findByText('Merino beanie')).toBeTruthy();
    expect(screen.getByText('Catalog item')).toBeTruthy();
    expect(screen.getByText('$12.50 per unit')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View product' })).toBeTruthy();
  });

  it('shows an image feedback card only with a web image or file, never another address', async () => {
    server.use(
      handle(listMessages, () => ({
        items: [
          aMessage(0, {
            payload: {
              type: 'IMAGE_COLLABORATION',
              imageUrl: 'javascript:alert(1)',
              note: 'Stored before the rule',
            },
          }),
          aMessage(1, {
            payload: {
              type: 'IMAGE_COLLABORATION',
              imageUrl: 'JaVaScRiPt://example.com/%0Aalert(1)',
              note: 'Mixed case',
            },
          }),
          aMessage(2, {
            payload: {
              type: 'IMAGE_COLLABORATION',
              imageUrl: '/api/files/../../api/web/me',
              note: 'Not a file',
            },
          }),
          aMessage(3, {
            payload: {
              type: 'IMAGE_COLLABORATION',
              imageUrl: 'https://cdn.example.com/look.png',
              note: 'Sleeve length',
            },
          }),
        ],
        hasOlder: false,
      })),
    );
    renderConversation(aConversationSummary({ lastMessageIndex: 3 }));

    expect(await screen.findByText('Sleeve length')).toBeTruthy();
    for (const note of ['Stored before the rule', 'Mixed case', 'Not a file']) {
      expect(screen.getByText(note)).toBeTruthy();
    }
    // A path that only looks like a file is never fetched with the session's token.
    expect(screen.queryByLabelText('Loading Image under discussion')).toBeNull();
    expect(received.filter((request) => !request.path.startsWith('/api/web/conv'))).toEqual([]);
    const images = screen.getAllByRole('img', { name: 'Image under discussion' });
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      'https://cdn.example.com/look.png',
    ]);
    expect(log().innerHTML.toLowerCase()).not.toContain('javascript');
  });

  it('shows an uploaded SVG from a data: URL, never a blob: URL of the app origin', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>';
    server.use(
      http.get(`${TEST_ORIGIN}/api/files/fil_1/logo.svg`, () =>
        HttpResponse.text(svg, { headers: { 'content-type': 'image/svg+xml' } }),
      ),
      http.get(`${TEST_ORIGIN}/api/files/fil_2/swatch.png`, () =>
        HttpResponse.arrayBuffer(new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer, {
          headers: { 'content-type': 'image/png' },
        }),
      ),
      handle(listMessages, () => ({
        items: [
          aMessage(0, {
            payload: {
              type: 'IMAGE_COLLABORATION',
              imageUrl: '/api/files/fil_1/logo.svg',
              note: 'Logo',
            },
          }),
          aMessage(1, {
            payload: {
              type: 'IMAGE_COLLABORATION',
              imageUrl: '/api/files/fil_2/swatch.png',
              note: 'Swatch',
            },
          }),
        ],
        hasOlder: false,
      })),
    );
    renderConversation(aConversationSummary({ lastMessageIndex: 1 }));

    await waitFor(() =>
      expect(screen.getAllByRole('img', { name: 'Image under discussion' })).toHaveLength(2),
    );
    const [logo, swatch] = screen
      .getAllByRole('img', { name: 'Image under discussion' })
      .map((image) => image.getAttribute('src') ?? '');
    expect(logo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(atob(logo!.split(',')[1]!)).toBe(svg);
    expect(swatch).toMatch(/^blob:/);
  });

  it('says "Seen" under the own last message the supplier has read', async () => {
    server.use(
      handle(listMessages, () => ({
        items: [
          aMessage(0),
          aMessage(1, { author: 'store_sto1', body: 'First question' }),
          aMessage(2, { author: 'store_sto1', body: 'Second question' }),
        ],
        hasOlder: false,
      })),
    );
    renderConversation(aConversationSummary({ lastMessageIndex: 2, otherLastReadIndex: 2 }));

    await screen.findByText('Second question');
    const seen = screen.getAllByText(/· Seen/);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.closest('[data-message-index]')?.getAttribute('data-message-index')).toBe('2');
  });

  it('offers to try again when the history cannot be loaded', async () => {
    let isDown = true;
    server.use(
      handle(listMessages, () =>
        isDown
          ? Response.json(
              { error: { code: 'internal', message: 'Down', requestId: 'req_1' } },
              { status: 500 },
            )
          : { items: someMessages(0, 1), hasOlder: false },
      ),
    );
    const { user } = renderConversation(aConversationSummary({ lastMessageIndex: 1 }));

    expect(await screen.findByText('The messages could not be loaded.')).toBeTruthy();
    isDown = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    await waitFor(() => expect(screen.getByText('Message 1')).toBeTruthy());
  });
});
