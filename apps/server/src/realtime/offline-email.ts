import { lte, sql } from 'drizzle-orm';
import {
  storeParticipant,
  supplierParticipant,
  type Message,
} from '@atelier/contract/chat/message';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { previewOf, type ConversationRow } from '@/modules/chat';
import type { Notifier } from '@/modules/notifications';
import { chatEmailNotices } from './realtime.table';
import { companyRoom, storeRoom } from './rooms';

/** At most one offline e-mail per conversation and recipient in this window (issue 4). */
export const OFFLINE_EMAIL_INTERVAL_MS = 3600 * 1000;
const LISTED_MESSAGES = 20;

type OfflineEmailDeps = {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  /** Up to `size` messages above the participant's read marker, oldest first (chat module). */
  listUnreadMessages: (
    conversationId: string,
    participant: string,
    size: number,
  ) => Promise<Message[]>;
  findStoreEmail: (storeId: string) => Promise<string | undefined>;
  /** The supplier company's active members' e-mails (none: no e-mail). */
  listSupplierEmails: (companyId: string) => Promise<string[]>;
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

  const linesOf = (unread: Message[]) =>
    unread.map(
      (row) =>
        `${row.authorName}: ${previewOf(row.body, [], row.payload) || '(attachment)'}`.slice(
          0,
          300,
        ) + (row.body.length > 300 ? '…' : ''),
    );

  type Recipient = {
    participant: string;
    /** The Socket.IO room of the recipient's sockets. */
    room: string;
    /** Store the mail concerns (null for mail to a supplier's people). */
    storeId: string | null;
    findAddresses: () => Promise<string[]>;
  };

  /**
   * Nothing while the recipient has a socket open, has no address or its hourly slot is taken;
   * else one e-mail per address listing its unread messages (oldest first, at most 20).
   */
  const notify = async (
    conversationId: string,
    recipient: Recipient,
    compose: (unread: { count: number; lines: string[] }) => { subject: string; body: string },
  ) => {
    if (await deps.hasOpenSocket(recipient.room)) return;
    const addresses = await recipient.findAddresses();
    if (addresses.length === 0) return;
    if (!(await claim(conversationId, recipient.participant))) return;
    const unread = await deps.listUnreadMessages(
      conversationId,
      recipient.participant,
      LISTED_MESSAGES,
    );
    if (unread.length === 0) return;
    const { subject, body } = compose({ count: unread.length, lines: linesOf(unread) });
    for (const to of addresses) {
      await deps.notifier.sendEmail({
        to,
        storeId: recipient.storeId,
        kind: 'chat.unread',
        subject,
        body,
      });
    }
  };

  const baseUrl = deps.publicUrl.replace(/\/+$/, '');
  const bodyOf = (unread: { count: number; lines: string[] }, replyLine: string) =>
    [
      `You have ${unread.count} unread message${unread.count === 1 ? '' : 's'}:`,
      '',
      ...unread.lines,
      '',
      replyLine,
    ].join('\n');

  return {
    /**
     * Issue 4 offline delivery: the side that did not write gets an e-mail when none of its
     * sockets is open, at most once per conversation per hour: the store at its contact e-mail
     * (link to /inbox), a supplier company at each active member's e-mail (link to the
     * conversation in /partner/inbox).
     */
    async afterMessage(message: Message, conversation: ConversationRow) {
      const { storeId, companyId } = conversation;
      if (message.author !== storeParticipant(storeId)) {
        await notify(
          conversation.id,
          {
            participant: storeParticipant(storeId),
            room: storeRoom(storeId),
            storeId,
            findAddresses: async () => {
              const email = await deps.findStoreEmail(storeId);
              return email ? [email] : [];
            },
          },
          (unread) => ({
            subject: `New message from ${message.authorName || 'your supplier'}`,
            body: bodyOf(unread, `Reply in your inbox: ${baseUrl}/inbox`),
          }),
        );
        return;
      }
      await notify(
        conversation.id,
        {
          participant: supplierParticipant(companyId),
          room: companyRoom(companyId),
          storeId: null,
          findAddresses: () => deps.listSupplierEmails(companyId),
        },
        (unread) => ({
          subject: `New message from ${message.authorName || 'a store'}`,
          body: bodyOf(
            unread,
            `Reply in your supplier inbox: ${baseUrl}/partner/inbox/${conversation.id}`,
          ),
        }),
      );
    },
  };
};
