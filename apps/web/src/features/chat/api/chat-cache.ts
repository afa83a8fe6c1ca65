import type { QueryClient } from '@tanstack/react-query';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';
import type { ChatSide } from '../chat-client';
import {
  type ConversationList,
  markSummaryRead,
  reconcileUnread,
  setOtherLastRead,
  upsertSummary,
} from '../conversation-list-cache';
import { insertMessagesIntoHistory, type MessageHistory } from '../message-cache';
import { removePendingMessage } from '../pending-messages';
import { chatKeys } from './chat-keys';

// What this tab last marked read per conversation: a summary computed before the marker moved
// must not bring the unread badge back.
const ownReadIndexes = new Map<string, number>();
const readKey = (side: ChatSide, conversationId: string) => `${side}:${conversationId}`;

export const findOwnReadIndex = (side: ChatSide, conversationId: string): number | undefined =>
  ownReadIndexes.get(readKey(side, conversationId));

/** Forgets what this tab read (a new session starts from the server's answers). */
export const forgetOwnReads = (side: ChatSide) => {
  for (const key of ownReadIndexes.keys()) {
    if (key.startsWith(`${side}:`)) ownReadIndexes.delete(key);
  }
};

const listQueries = (queryClient: QueryClient, side: ChatSide) =>
  queryClient.getQueriesData<ConversationList>({ queryKey: chatKeys.conversations(side) });

const isUnfilteredKey = (key: readonly unknown[]) => key[key.length - 1] === '';

/** New or changed messages of one conversation join its cached history (if it is loaded). */
export const applyMessages = (
  queryClient: QueryClient,
  side: ChatSide,
  conversationId: string,
  messages: readonly Message[],
) => {
  queryClient.setQueryData<MessageHistory>(chatKeys.messages(side, conversationId), (history) =>
    insertMessagesIntoHistory(history, messages),
  );
  // The stored copy of a message this tab is still sending can arrive live before the send
  // call answers: it replaces the pending copy at once.
  for (const message of messages) {
    if (message.clientMessageId) {
      removePendingMessage(side, conversationId, message.clientMessageId);
    }
  }
};

/** A conversation's new summary (`chat:conversation`, or an answer) updates every list. */
export const applySummary = (
  queryClient: QueryClient,
  side: ChatSide,
  incoming: ConversationSummary,
) => {
  const summary = reconcileUnread(incoming, findOwnReadIndex(side, incoming.sid));
  const unfiltered = queryClient.getQueryData<ConversationList>(
    chatKeys.conversationList(side, ''),
  );
  const previous = unfiltered?.items.find((item) => item.sid === summary.sid);
  const unreadDelta = unfiltered ? summary.unreadCount - (previous?.unreadCount ?? 0) : undefined;
  for (const [key, list] of listQueries(queryClient, side)) {
    if (!list) continue;
    const isUnfiltered = isUnfilteredKey(key);
    queryClient.setQueryData<ConversationList>(
      key,
      upsertSummary(list, summary, {
        shouldInsert: isUnfiltered,
        unreadDelta: isUnfiltered ? undefined : unreadDelta,
      }),
    );
  }
};

/** The viewer's read marker moved (this tab, or another tab of the same party). */
export const applyOwnRead = (
  queryClient: QueryClient,
  side: ChatSide,
  conversationId: string,
  lastReadIndex: number,
) => {
  const key = readKey(side, conversationId);
  ownReadIndexes.set(key, Math.max(ownReadIndexes.get(key) ?? -1, lastReadIndex));
  for (const [queryKey, list] of listQueries(queryClient, side)) {
    if (list) {
      queryClient.setQueryData(queryKey, markSummaryRead(list, conversationId, lastReadIndex));
    }
  }
};

/** The other party's read marker moved (read receipts). */
export const applyOtherRead = (
  queryClient: QueryClient,
  side: ChatSide,
  conversationId: string,
  lastReadIndex: number,
) => {
  for (const [queryKey, list] of listQueries(queryClient, side)) {
    if (list) {
      queryClient.setQueryData(queryKey, setOtherLastRead(list, conversationId, lastReadIndex));
    }
  }
};

/** The loaded histories of the side, with the last index each holds (for `chat:sync`). */
export const listLoadedHistories = (queryClient: QueryClient, side: ChatSide) =>
  queryClient
    .getQueriesData<MessageHistory>({ queryKey: chatKeys.allMessages(side) })
    .flatMap(([key, history]) => {
      const conversationId = key[key.length - 1];
      return history && typeof conversationId === 'string' ? [{ conversationId, history }] : [];
    });
