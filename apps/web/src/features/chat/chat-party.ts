import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import { isStoreAuthor, type Message } from '@atelier/contract/chat/message';
import type { ChatSide } from './chat-client';

/** Spec §3: authors starting with `store_` are the store's; the others the supplier's. */
export const isOwnAuthor = (side: ChatSide, author: string): boolean =>
  side === 'STORE' ? isStoreAuthor(author) : !isStoreAuthor(author);

/** The name of the party across the table: the supplier for a store, the store for a supplier. */
export const otherPartyName = (side: ChatSide, summary: ConversationSummary): string =>
  (side === 'STORE' ? summary.supplierName : summary.storeTitle) ||
  (side === 'STORE' ? 'Supplier' : 'Store');

/**
 * Read receipt: the index of the viewer's last message when the other party has read it (its
 * read marker covers it), else `null`. Only the last own message says "Seen".
 */
export const findSeenMessageIndex = (
  side: ChatSide,
  messages: readonly Message[],
  otherLastReadIndex: number | null,
): number | null => {
  const lastOwn = messages.findLast((message) => isOwnAuthor(side, message.author));
  if (!lastOwn || otherLastReadIndex === null) return null;
  return otherLastReadIndex >= lastOwn.index ? lastOwn.index : null;
};

/** Whether the viewer has something to mark read: a message after its known read marker. */
export const hasUnreadAfter = (messages: readonly Message[], ownLastReadIndex: number): boolean =>
  (messages.at(-1)?.index ?? -1) > ownLastReadIndex;
