import { type InfiniteData, replaceEqualDeep } from '@tanstack/react-query';
import type { SendMessageInput } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';

/** One page of history as the server sends it: oldest first within the page. */
export type MessagePage = { items: Message[]; hasOlder: boolean };

/** An own message on its way to the server, shown after the history until it is stored. */
export type PendingMessage = {
  clientMessageId: string;
  conversationId: string;
  input: SendMessageInput;
  /** Names of the attached files, to show while sending. */
  fileNames: string[];
  createdAt: string;
  status: 'sending' | 'failed';
  error: string | null;
};

/**
 * The cached history of a conversation. `pages[0]` is the newest page; each later page holds
 * older messages (its page param is the `beforeIndex` it was loaded with). Besides the server's
 * pages it holds what only this tab knows: its messages still sending (or failed), and how far
 * it moved the viewer's read marker.
 */
export type MessageHistory = InfiniteData<MessagePage, number | undefined> & {
  pending?: readonly PendingMessage[];
  /** A conversation summary computed before this marker moved must not bring unread back. */
  ownLastReadIndex?: number;
};

const byIndex = (a: Message, b: Message) => a.index - b.index;

/**
 * Both lists as one, one message per index, oldest first. The server can deliver a message
 * live and again in a sync answer; the incoming copy wins (an updated message replaces).
 */
export const mergeMessages = (
  current: readonly Message[],
  incoming: readonly Message[],
): Message[] => {
  const merged = new Map<number, Message>();
  for (const message of current) merged.set(message.index, message);
  for (const message of incoming) merged.set(message.index, message);
  return [...merged.values()].sort(byIndex);
};

/** Every loaded message of the history, oldest first. */
export const listHistoryMessages = (history: { pages: MessagePage[] } | undefined): Message[] =>
  history
    ? mergeMessages(
        [],
        history.pages.flatMap((page) => page.items),
      )
    : [];

/** The highest index the history holds, or -1 when it holds none (what `chat:sync` asks for). */
export const lastSeenIndexOf = (history: { pages: MessagePage[] } | undefined): number =>
  (history?.pages ?? []).reduce(
    (highest, page) => page.items.reduce((max, message) => Math.max(max, message.index), highest),
    -1,
  );

/** Which page a message not yet held belongs in, or -1 when it is older than the loaded pages. */
const pageFor = (pages: readonly MessagePage[], index: number): number => {
  for (let position = 0; position < pages.length; position += 1) {
    const oldest = pages[position]?.items[0];
    if (oldest === undefined || oldest.index <= index) return position;
  }
  const last = pages.length - 1;
  // Older than everything loaded: it arrives with its page when the user scrolls up.
  return pages[last]?.hasOlder ? -1 : last;
};

const insertIntoPages = (history: MessageHistory, messages: readonly Message[]) => {
  const additions = history.pages.map((): Message[] => []);
  let hasChanged = false;
  for (const message of messages) {
    const holding = history.pages.findIndex((page) =>
      page.items.some((item) => item.index === message.index),
    );
    const position = holding >= 0 ? holding : pageFor(history.pages, message.index);
    if (position < 0) continue;
    const held = history.pages[position]?.items.find((item) => item.index === message.index);
    if (held && JSON.stringify(held) === JSON.stringify(message)) continue;
    additions[position]?.push(message);
    hasChanged = true;
  }
  if (!hasChanged) return history;
  return {
    ...history,
    pages: history.pages.map((page, position) => {
      const added = additions[position] ?? [];
      return added.length === 0 ? page : { ...page, items: mergeMessages(page.items, added) };
    }),
  };
};

/**
 * Puts messages of this conversation into its history: a held index is replaced, a new one joins
 * the page its index falls in, and each page stays sorted. Returns the same object when nothing
 * changes, so the screen does not render again for a duplicate.
 */
export const insertMessagesIntoHistory = (
  history: MessageHistory | undefined,
  messages: readonly Message[],
): MessageHistory | undefined => {
  if (!history || history.pages.length === 0 || messages.length === 0) return history;
  // The stored copy of a message this tab sent replaces its pending copy, whichever of the send
  // answer and the live event comes first.
  const storedIds = new Set(messages.flatMap((message) => message.clientMessageId ?? []));
  const pending = history.pending?.filter((item) => !storedIds.has(item.clientMessageId));
  const withStored =
    pending && pending.length !== history.pending?.length ? { ...history, pending } : history;
  return insertIntoPages(withStored, messages);
};

/** Shows an own message as sending (again, for a retry), after the messages already pending. */
export const putPendingMessage = (
  history: MessageHistory | undefined,
  message: PendingMessage,
): MessageHistory | undefined =>
  history && {
    ...history,
    pending: [
      ...(history.pending ?? []).filter((item) => item.clientMessageId !== message.clientMessageId),
      message,
    ],
  };

/** Marks a pending message failed, keeping its place and input for a retry. */
export const failPendingMessage = (
  history: MessageHistory | undefined,
  clientMessageId: string,
  error: string,
): MessageHistory | undefined =>
  history && {
    ...history,
    pending: (history.pending ?? []).map((item) =>
      item.clientMessageId === clientMessageId ? { ...item, status: 'failed', error } : item,
    ),
  };

export const removePendingMessage = (
  history: MessageHistory | undefined,
  clientMessageId: string,
): MessageHistory | undefined =>
  history?.pending?.some((item) => item.clientMessageId === clientMessageId)
    ? {
        ...history,
        pending: history.pending.filter((item) => item.clientMessageId !== clientMessageId),
      }
    : history;

/** The viewer read up to `lastReadIndex` in this tab or another; the marker never moves back. */
export const markHistoryRead = (
  history: MessageHistory | undefined,
  lastReadIndex: number,
): MessageHistory | undefined =>
  history && (history.ownLastReadIndex ?? -1) < lastReadIndex
    ? { ...history, ownLastReadIndex: lastReadIndex }
    : history;

/** The history without what this tab knew of the viewer's reads (a new session starts over). */
export const forgetHistoryReads = (history: MessageHistory | undefined) =>
  history?.ownLastReadIndex === undefined ? history : { ...history, ownLastReadIndex: undefined };

/**
 * The query's structural sharing. A fetch answers plain pages (a refetch, or an older page
 * loaded), so the pending messages and own read marker of the cached history carry over, even
 * when they changed while the request was under way. Unchanged messages keep their objects.
 */
export const shareHistory = (previous: unknown, next: unknown): unknown => {
  const held = previous as MessageHistory | undefined;
  const incoming = next as MessageHistory | undefined;
  const isFetched = incoming && !('pending' in incoming) && !('ownLastReadIndex' in incoming);
  const merged =
    isFetched && held
      ? { ...incoming, pending: held.pending, ownLastReadIndex: held.ownLastReadIndex }
      : incoming;
  return replaceEqualDeep(previous, merged);
};
