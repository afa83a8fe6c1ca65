import type { ConversationSummary } from '@atelier/contract/chat/conversation';

/** A cached answer of listConversations. */
export type ConversationList = { items: ConversationSummary[]; unreadTotal: number };

const byMostRecent = (a: ConversationSummary, b: ConversationSummary) =>
  b.lastTime.localeCompare(a.lastTime) || a.sid.localeCompare(b.sid);

const unreadOf = (list: ConversationList, conversationId: string): number =>
  list.items.find((item) => item.sid === conversationId)?.unreadCount ?? 0;

/**
 * Spec §3 unread count, corrected by what this tab knows: when the viewer has already read up to
 * the last message (a read marker stored after the summary was computed), nothing is unread.
 */
export const reconcileUnread = (
  summary: ConversationSummary,
  ownLastReadIndex: number | undefined,
): ConversationSummary =>
  ownLastReadIndex !== undefined &&
  summary.unreadCount > 0 &&
  ownLastReadIndex >= (summary.lastMessageIndex ?? -1)
    ? { ...summary, unreadCount: 0 }
    : summary;

type UpsertOptions = {
  /** A search answer only gets conversations it already lists (the server decides matches). */
  shouldInsert: boolean;
  /**
   * Change of the unread total. The unfiltered list knows it from the item it replaces; a search
   * answer may not hold the conversation, so it is given from the unfiltered list.
   */
  unreadDelta?: number;
};

/** A live summary replaces its conversation (or joins the list), most recent first. */
export const upsertSummary = (
  list: ConversationList,
  summary: ConversationSummary,
  { shouldInsert, unreadDelta }: UpsertOptions,
): ConversationList => {
  const isListed = list.items.some((item) => item.sid === summary.sid);
  const delta = unreadDelta ?? summary.unreadCount - unreadOf(list, summary.sid);
  const items =
    isListed || shouldInsert
      ? [summary, ...list.items.filter((item) => item.sid !== summary.sid)].sort(byMostRecent)
      : list.items;
  return { items, unreadTotal: Math.max(0, list.unreadTotal + delta) };
};

/**
 * The viewer read up to `lastReadIndex`: a conversation read to its last message has nothing
 * unread any more. Read up to an earlier message, the count is left for the server to say.
 */
export const markSummaryRead = (
  list: ConversationList,
  conversationId: string,
  lastReadIndex: number,
): ConversationList => {
  const item = list.items.find((candidate) => candidate.sid === conversationId);
  if (!item || item.unreadCount === 0 || lastReadIndex < (item.lastMessageIndex ?? -1)) {
    return list;
  }
  return {
    items: list.items.map((candidate) =>
      candidate === item ? { ...item, unreadCount: 0 } : candidate,
    ),
    unreadTotal: Math.max(0, list.unreadTotal - item.unreadCount),
  };
};

/** The other party read up to `lastReadIndex` (read receipts); the marker never moves back. */
export const setOtherLastRead = (
  list: ConversationList,
  conversationId: string,
  lastReadIndex: number,
): ConversationList => {
  const item = list.items.find((candidate) => candidate.sid === conversationId);
  if (!item || (item.otherLastReadIndex ?? -1) >= lastReadIndex) return list;
  return {
    ...list,
    items: list.items.map((candidate) =>
      candidate === item ? { ...item, otherLastReadIndex: lastReadIndex } : candidate,
    ),
  };
};
