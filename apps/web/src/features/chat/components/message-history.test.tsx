// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listConversations, listMessages } from '@atelier/contract/chat/conversation';
import { browserTokenStore } from '@/lib/session-token';
import { aConversationSummary, aMessage, someMessages } from '@/testing/factories';
import { handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { storeChatClient } from '../chat-client';
import { ConversationView } from './conversation-view';

const MESSAGES_PATH = '/api/web/conversations/cnv_1/messages';

const { requestsTo } = startMockServer();

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
