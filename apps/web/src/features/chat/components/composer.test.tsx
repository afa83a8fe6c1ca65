// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listConversations, listMessages, sendMessage } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';
import { browserTokenStore } from '@/lib/session-token';
import { aConversationSummary, aMessage, someMessages } from '@/testing/factories';
import { errorResponse, handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { applyMessages } from '../api/chat-cache';
import { storeChatClient } from '../chat-client';
import { ConversationView } from './conversation-view';

const SEND_PATH = '/api/web/conversations/cnv_1/messages';

const { requestsTo } = startMockServer();

/** A promise the test settles, to hold a server answer back while it looks at the screen. */
const createGate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

/** The store's stored copy of what it sent, as the server answers it. */
const storedCopyOf = (body: string, clientMessageId: string | undefined): Message =>
  aMessage(3, { author: 'store_sto1', authorName: 'Maker Goods', body, clientMessageId });

const renderConversation = () => {
  server.use(
    handle(listConversations, () => ({
      items: [aConversationSummary({ lastMessageIndex: 2 })],
      unreadTotal: 0,
    })),
    handle(listMessages, () => ({ items: someMessages(0, 2), hasOlder: false })),
  );
  return renderAtRoute({
    path: '/',
    initialEntry: '/',
    component: () => (
      <ConversationView client={storeChatClient} conversationId="cnv_1" hasBackLink={false} />
    ),
  });
};

const messageBox = () => screen.getByRole('textbox', { name: 'Message to Lakeside Knitwear' });
const pendingMessages = () => screen.queryAllByTestId('pending-message');

beforeEach(() => browserTokenStore.setToken('tok_test'));
afterEach(() => browserTokenStore.clearToken());

describe('Composer', () => {
  it('shows a sent message as sending, then as stored once the server answers', async () => {
    const gate = createGate();
    server.use(
      handle(sendMessage, async ({ body }) => {
        await gate.opened;
        return storedCopyOf(body.body, body.clientMessageId);
      }),
    );
    const { user } = renderConversation();
    await screen.findByText('Message 2');

    await user.type(messageBox(), 'Could you send a sample?{Enter}');

    const pending = await screen.findByTestId('pending-message');
    expect(within(pending).getByText('Could you send a sample?')).toBeTruthy();
    expect(within(pending).getByText('Sending…')).toBeTruthy();
    expect(messageBox()).toHaveProperty('value', '');

    gate.open();
    await waitFor(() => expect(pendingMessages()).toHaveLength(0));
    expect(screen.getAllByText('Could you send a sample?')).toHaveLength(1);
    const [request] = requestsTo('POST', SEND_PATH);
    expect(request?.body).toMatchObject({
      body: 'Could you send a sample?',
      payload: { type: 'TEXT' },
      clientMessageId: expect.any(String) as unknown,
    });
  });

  it('does not send an empty message', async () => {
    server.use(handle(sendMessage, () => storedCopyOf('never', undefined)));
    const { user } = renderConversation();
    await screen.findByText('Message 2');

    await user.type(messageBox(), '   {Enter}');

    expect(screen.getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', true);
    expect(pendingMessages()).toHaveLength(0);
    expect(requestsTo('POST', SEND_PATH)).toHaveLength(0);
  });

  it('offers a retry after a failed send, and the retry stores the message once', async () => {
    server.use(
      handle(
        sendMessage,
        () =>
          errorResponse(422, {
            code: 'unprocessable',
            message: 'The supplier has left the marketplace.',
          }),
        { once: true },
      ),
      handle(sendMessage, ({ body }) => storedCopyOf(body.body, body.clientMessageId)),
    );
    const { user } = renderConversation();
    await screen.findByText('Message 2');

    await user.type(messageBox(), 'Hello?{Enter}');

    const failed = await screen.findByRole('alert');
    expect(
      within(failed).getByText('Not sent: The supplier has left the marketplace.'),
    ).toBeTruthy();
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(pendingMessages()).toHaveLength(0));
    expect(screen.getAllByText('Hello?')).toHaveLength(1);
    const [first, retry] = requestsTo('POST', SEND_PATH);
    expect(retry?.body).toMatchObject({ body: 'Hello?' });
    expect((retry?.body as Message).clientMessageId).toBe((first?.body as Message).clientMessageId);
  });

  it('shows the message once when its live copy arrives before the send answers', async () => {
    const gate = createGate();
    const { user, queryClient } = renderConversation();
    server.use(
      handle(sendMessage, async ({ body }) => {
        const stored = storedCopyOf(body.body, body.clientMessageId);
        // What the realtime connection does with `chat:message`, before the answer arrives.
        applyMessages(queryClient, 'STORE', 'cnv_1', [stored]);
        await gate.opened;
        return stored;
      }),
    );
    await screen.findByText('Message 2');

    await user.type(messageBox(), 'Twice?{Enter}');

    await waitFor(() => expect(requestsTo('POST', SEND_PATH)).toHaveLength(1));
    await waitFor(() => expect(pendingMessages()).toHaveLength(0));
    expect(screen.getAllByText('Twice?')).toHaveLength(1);
    gate.open();
    await waitFor(() => expect(screen.getAllByText('Twice?')).toHaveLength(1));
    expect(pendingMessages()).toHaveLength(0);
  });

  it('says the failure of a send that got no answer at all', async () => {
    server.use(handle(sendMessage, () => HttpResponse.error()));
    const { user } = renderConversation();
    await screen.findByText('Message 2');

    await user.type(messageBox(), 'Anyone there?{Enter}');

    const failed = await screen.findByRole('alert');
    expect(within(failed).getByText(/^Not sent: /)).toBeTruthy();
    expect(within(failed).getByRole('button', { name: 'Discard' })).toBeTruthy();
    await user.click(within(failed).getByRole('button', { name: 'Discard' }));
    expect(pendingMessages()).toHaveLength(0);
    expect(screen.queryByText('Anyone there?')).toBeNull();
  });
});
