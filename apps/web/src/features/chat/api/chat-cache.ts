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
import {
  forgetHistoryReads,
  insertMessagesIntoHistory,
  markHistoryRead,
  type MessageHistory,
} from '../message-cache';
import { chatKeys } from './chat-keys';

const findOwnReadIndex = (queryClient: QueryClient, side: ChatSide, conversationId: string) =>
  queryClient.getQueryData<MessageHistory>(chatKeys.messages(side, conversationId))
    ?.ownLastReadIndex;

/** Forgets what this tab read (a new session starts from the server's answers). */
export const forgetOwnReads = (queryClient: QueryClient, side: ChatSide) => {
  queryClient.setQueriesData<MessageHistory>(
    { queryKey: chatKeys.allMessages(side) },
    forgetHistoryReads,
  );
};

const listQueries = (queryClient: QueryClient, side: ChatSide) =>
  queryClient.getQueriesData<ConversationList>({ queryKey: chatKeys.conversations(side) });

const isUnfilteredKey = (key: readonly unknown[]) => key[key.length - 1] === '';

/**
 * New or changed messages of one conversation join its cached history (if it is loaded); the
 * stored copy of a message this tab is sending replaces its pending copy.
 */
export const applyMessages = (
  queryClient: QueryClient,
  side: ChatSide,
  conversationId: string,
  messages: readonly Message[],
) => {
  queryClient.setQueryData<MessageHistory>(chatKeys.messages(side, conversationId), (history) =>
    insertMessagesIntoHistory(history, messages),
  );
};

/** A conversation's new summary (`chat:conversation`, or an answer) updates every list. */
export const applySummary = (
  queryClient: QueryClient,
  side: ChatSide,
  incoming: ConversationSummary,
) => {
  const summary = reconcileUnread(incoming, findOwnReadIndex(queryClient, side, incoming.sid));
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
  queryClient.setQueryData<MessageHistory>(chatKeys.messages(side, conversationId), (history) =>
    markHistoryRead(history, lastReadIndex),
  );
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
