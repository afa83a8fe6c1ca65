import type { InfiniteData } from '@tanstack/react-query';
import type { Message } from '@atelier/contract/chat/message';

/** One page of history as the server sends it: oldest first within the page. */
export type MessagePage = { items: Message[]; hasOlder: boolean };

/**
 * The cached history of a conversation. `pages[0]` is the newest page; each later page holds
 * older messages (its page param is the `beforeIndex` it was loaded with).
 */
export type MessageHistory = InfiniteData<MessagePage, number | undefined>;

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
