import { describe, expect, it } from 'vitest';
import type { Message } from '@atelier/contract/chat/message';
import {
  failPendingMessage,
  insertMessagesIntoHistory,
  lastSeenIndexOf,
  listHistoryMessages,
  markHistoryRead,
  type MessageHistory,
  mergeMessages,
  type PendingMessage,
  putPendingMessage,
  shareHistory,
} from './message-cache';

const aMessage = (index: number, overrides: Partial<Message> = {}): Message => ({
  sid: `msg_${index}`,
  conversationId: 'cnv_1',
  index,
  author: 'store_s1',
  authorName: 'Store',
  body: `message ${index}`,
  payload: { type: 'TEXT' },
  attachments: { fileUrls: [], imageUrls: [], videoUrls: [], pdfUrls: [] },
  createdAt: '2025-03-04T10:00:00.000Z',
  ...overrides,
});

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, offset) => aMessage(from + offset));

/** Pages newest first, as the infinite query keeps them. */
const aHistory = (...pages: { items: Message[]; hasOlder: boolean }[]): MessageHistory => ({
  pages,
  pageParams: pages.map((_, position) =>
    position === 0 ? undefined : pages[position - 1]?.items[0]?.index,
  ),
});

const aPendingMessage = (clientMessageId: string): PendingMessage => ({
  clientMessageId,
  conversationId: 'cnv_1',
  input: { body: 'hello', payload: { type: 'TEXT' }, fileIds: [], clientMessageId },
  fileNames: [],
  createdAt: '2025-03-04T10:05:00.000Z',
  status: 'sending',
  error: null,
});

const pendingIdsOf = (history: MessageHistory | undefined) =>
  (history?.pending ?? []).map((item) => item.clientMessageId);

const indexesOf = (history: MessageHistory | undefined) =>
  listHistoryMessages(history).map((message) => message.index);

describe('mergeMessages', () => {
  it('keeps one message per index, sorted oldest first', () => {
    const merged = mergeMessages(
      [aMessage(3), aMessage(1)],
      [aMessage(2), aMessage(3), aMessage(0)],
    );
    expect(merged.map((message) => message.index)).toEqual([0, 1, 2, 3]);
  });

  it('lets the incoming copy replace the held one', () => {
    const updated = aMessage(1, { body: 'edited' });
    expect(mergeMessages([aMessage(1)], [updated])[0]?.body).toBe('edited');
  });
});

describe('insertMessagesIntoHistory', () => {
  it('appends a new message to the newest page', () => {
    const history = aHistory(
      { items: range(10, 19), hasOlder: true },
      { items: range(0, 9), hasOlder: false },
    );
    const next = insertMessagesIntoHistory(history, [aMessage(20)]);
    expect(next?.pages[0]?.items.at(-1)?.index).toBe(20);
    expect(indexesOf(next)).toEqual(range(0, 20).map((message) => message.index));
  });

  it('ignores a message delivered live and again by a sync answer', () => {
    const history = aHistory({ items: range(0, 4), hasOlder: false });
    const once = insertMessagesIntoHistory(history, [aMessage(5)]);
    const twice = insertMessagesIntoHistory(once, [aMessage(5), aMessage(5)]);
    expect(twice).toBe(once);
    expect(indexesOf(twice)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('fills a gap in order when a missed message arrives after a later one', () => {
    const history = aHistory({ items: range(0, 4), hasOlder: false });
    const next = insertMessagesIntoHistory(insertMessagesIntoHistory(history, [aMessage(7)]), [
      aMessage(6),
      aMessage(5),
    ]);
    expect(indexesOf(next)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('replaces an updated message where it is held', () => {
    const history = aHistory(
      { items: range(10, 19), hasOlder: true },
      { items: range(0, 9), hasOlder: false },
    );
    const next = insertMessagesIntoHistory(history, [aMessage(3, { body: 'answered' })]);
    expect(next?.pages[1]?.items.find((message) => message.index === 3)?.body).toBe('answered');
    expect(next?.pages[0]).toBe(history.pages[0]);
  });

  it('leaves out a message older than the loaded pages while older history is not loaded', () => {
    const history = aHistory({ items: range(10, 19), hasOlder: true });
    expect(insertMessagesIntoHistory(history, [aMessage(2)])).toBe(history);
  });

  it('puts the first message into an empty conversation', () => {
    const history = aHistory({ items: [], hasOlder: false });
    expect(indexesOf(insertMessagesIntoHistory(history, [aMessage(0)]))).toEqual([0]);
  });

  it('leaves a history that is not loaded alone', () => {
    expect(insertMessagesIntoHistory(undefined, [aMessage(0)])).toBeUndefined();
  });
});

describe('pending messages', () => {
  it('replaces the pending copy with the stored message that echoes its clientMessageId', () => {
    const history = putPendingMessage(aHistory({ items: range(0, 2), hasOlder: false }), {
      ...aPendingMessage('c1'),
    });
    const next = insertMessagesIntoHistory(history, [aMessage(3, { clientMessageId: 'c1' })]);
    expect(pendingIdsOf(next)).toEqual([]);
    expect(indexesOf(next)).toEqual([0, 1, 2, 3]);
  });

  it('keeps other pending messages when one is stored', () => {
    let history = aHistory({ items: [], hasOlder: false }) as MessageHistory | undefined;
    history = putPendingMessage(history, aPendingMessage('c1'));
    history = putPendingMessage(history, aPendingMessage('c2'));
    const next = insertMessagesIntoHistory(history, [aMessage(0, { clientMessageId: 'c2' })]);
    expect(pendingIdsOf(next)).toEqual(['c1']);
  });

  it('moves a retried message to the end, sending again', () => {
    let history = aHistory({ items: [], hasOlder: false }) as MessageHistory | undefined;
    history = putPendingMessage(history, aPendingMessage('c1'));
    history = putPendingMessage(history, aPendingMessage('c2'));
    history = failPendingMessage(history, 'c1', 'Offline');
    expect(history?.pending?.[0]).toMatchObject({ status: 'failed', error: 'Offline' });
    history = putPendingMessage(history, aPendingMessage('c1'));
    expect(pendingIdsOf(history)).toEqual(['c2', 'c1']);
    expect(history?.pending?.[1]?.status).toBe('sending');
  });
});

describe('shareHistory', () => {
  it('carries pending messages and the own read marker over a refetched answer', () => {
    const held = markHistoryRead(
      putPendingMessage(aHistory({ items: range(0, 2), hasOlder: false }), aPendingMessage('c1')),
      2,
    );
    const fetched = aHistory({ items: range(0, 3), hasOlder: false });
    const shared = shareHistory(held, fetched) as MessageHistory;
    expect(pendingIdsOf(shared)).toEqual(['c1']);
    expect(shared.ownLastReadIndex).toBe(2);
    expect(indexesOf(shared)).toEqual([0, 1, 2, 3]);
    expect(shared.pages[0]?.items[0]).toBe(held?.pages[0]?.items[0]);
  });

  it('keeps a change the cache itself made to the pending messages', () => {
    const held = putPendingMessage(aHistory({ items: [], hasOlder: false }), aPendingMessage('c1'));
    const changed = { ...held!, pending: [] };
    expect(pendingIdsOf(shareHistory(held, changed) as MessageHistory)).toEqual([]);
  });
});

describe('markHistoryRead', () => {
  it('never moves the own read marker back', () => {
    const read = markHistoryRead(aHistory({ items: range(0, 5), hasOlder: false }), 5);
    expect(markHistoryRead(read, 3)).toBe(read);
    expect(markHistoryRead(read, 6)?.ownLastReadIndex).toBe(6);
  });
});

describe('lastSeenIndexOf', () => {
  it('is the highest loaded index, or -1 without messages', () => {
    expect(lastSeenIndexOf(undefined)).toBe(-1);
    expect(lastSeenIndexOf(aHistory({ items: [], hasOlder: false }))).toBe(-1);
    expect(
      lastSeenIndexOf(
        aHistory({ items: range(10, 12), hasOlder: true }, { items: range(0, 9), hasOlder: false }),
      ),
    ).toBe(12);
  });
});
