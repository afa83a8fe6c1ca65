import { useSyncExternalStore } from 'react';
import type { SendMessageInput } from '@atelier/contract/chat/conversation';
import type { ChatSide } from './chat-client';

/** A message on its way to the server, shown at the end of the history until it is stored. */
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

const EMPTY: readonly PendingMessage[] = [];
const pendingByConversation = new Map<string, readonly PendingMessage[]>();
const listeners = new Set<() => void>();

const keyOf = (side: ChatSide, conversationId: string) => `${side}:${conversationId}`;

const update = (
  side: ChatSide,
  conversationId: string,
  change: (items: readonly PendingMessage[]) => readonly PendingMessage[],
) => {
  const key = keyOf(side, conversationId);
  const next = change(pendingByConversation.get(key) ?? EMPTY);
  if (next.length === 0) pendingByConversation.delete(key);
  else pendingByConversation.set(key, next);
  for (const listener of listeners) listener();
};

export const putPendingMessage = (side: ChatSide, message: PendingMessage) =>
  update(side, message.conversationId, (items) => [
    ...items.filter((item) => item.clientMessageId !== message.clientMessageId),
    message,
  ]);

export const removePendingMessage = (
  side: ChatSide,
  conversationId: string,
  clientMessageId: string,
) =>
  update(side, conversationId, (items) =>
    items.filter((item) => item.clientMessageId !== clientMessageId),
  );

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Messages of the conversation still sending, or failed and waiting for a retry. */
export const usePendingMessages = (
  side: ChatSide,
  conversationId: string,
): readonly PendingMessage[] =>
  useSyncExternalStore(
    subscribe,
    () => pendingByConversation.get(keyOf(side, conversationId)) ?? EMPTY,
  );
