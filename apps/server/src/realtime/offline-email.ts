import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { storeParticipant } from '@atelier/contract/chat/message';
import type { Message } from '@atelier/contract/chat/message';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { chatMessages, conversationReads, type ConversationRow } from '@/modules/chat/chat.table';
import { stores } from '@/modules/identity/identity.table';
import type { Notifier } from '@/modules/notifications';
import { chatEmailNotices } from './realtime.table';

/** At most one offline e-mail per conversation and recipient in this window (issue 4). */
export const OFFLINE_EMAIL_INTERVAL_MS = 3600 * 1000;
const LISTED_MESSAGES = 20;

type OfflineEmailDeps = {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  findStoreEmail: (storeId: string) => Promise<string | undefined>;
  publicUrl: string;
  /** Whether a socket is open in the room, on any process (adapter-wide). */
  hasOpenSocket: (room: string) => Promise<boolean>;
};

/** Offline delivery: an e-mail listing the unread messages when the recipient has no socket. */
export const createOfflineEmailer = (deps: OfflineEmailDeps) => {
  const { db, clock } = deps;

  /** Claims the hourly slot atomically: true when this call may send. */
  const claim = async (conversationId: string, participant: string) => {
    const now = clock.now();
    const rows = await db
      .insert(chatEmailNotices)
      .values({ conversationId, participant, lastSentAt: now })
      .onConflictDoUpdate({
        target: [chatEmailNotices.conversationId, chatEmailNotices.participant],
        set: { lastSentAt: sql`excluded.last_sent_at` },
        setWhere: lte(
          chatEmailNotices.lastSentAt,
          new Date(now.getTime() - OFFLINE_EMAIL_INTERVAL_MS),
        ),
      })
      .returning({ conversationId: chatEmailNotices.conversationId });
    return rows.length > 0;
  };

  const unreadOf = async (conversationId: string, participant: string) => {
    const [read] = await db
      .select({ lastReadIndex: conversationReads.lastReadIndex })
      .from(conversationReads)
      .where(
        and(
          eq(conversationReads.conversationId, conversationId),
          eq(conversationReads.participant, participant),
        ),
      );
    return db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversationId),
          gt(chatMessages.index, read?.lastReadIndex ?? -1),
        ),
      )
      .orderBy(asc(chatMessages.index))
      .limit(LISTED_MESSAGES);
  };

  return {
    async afterMessage(message: Message, conversation: ConversationRow) {
      const recipientIsStore = message.author !== storeParticipant(conversation.storeId);
      if (!recipientIsStore) {
        // TODO(supplier accounts): e-mail the supplier company's members once they exist.
        return;
      }
      if (await deps.hasOpenSocket(`store:${conversation.storeId}`)) return;
      const recipient = storeParticipant(conversation.storeId);
      const to = await deps.findStoreEmail(conversation.storeId);
      if (!to) return;
      if (!(await claim(conversation.id, recipient))) return;
      const unread = await unreadOf(conversation.id, recipient);
      if (unread.length === 0) return;
      const lines = unread.map(
        (row) =>
          `${row.authorName}: ${row.body.trim() || '(attachment)'}`.slice(0, 300) +
          (row.body.length > 300 ? '…' : ''),
      );
      await deps.notifier.sendEmail({
        to,
        storeId: conversation.storeId,
        kind: 'chat.unread',
        subject: `New message from ${message.authorName || 'your supplier'}`,
        body: [
          `You have ${unread.length} unread message${unread.length === 1 ? '' : 's'}:`,
          '',
          ...lines,
          '',
          `Reply in your inbox: ${deps.publicUrl.replace(/\/+$/, '')}/inbox`,
        ].join('\n'),
      });
    },
  };
};

/** The store's contact e-mail (identity's `stores.email`). */
export const storeEmailFinder =
  (db: Database) =>
  async (storeId: string): Promise<string | undefined> => {
    const [row] = await db
      .select({ email: stores.email })
      .from(stores)
      .where(eq(stores.id, storeId));
    return row?.email;
  };
