import { lte, sql } from 'drizzle-orm';
import {
  storeParticipant,
  supplierParticipant,
  type Message,
} from '@atelier/contract/chat/message';
import type { Database } from '@/db/client';
import type { DomainEvent } from '@/events/domain-events';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import type { IdentityModule } from '@/modules/identity';
import type { Notifier } from '@/modules/notifications';
import { previewOf, toMessage } from './chat.mappers';
import { chatEmailNotices, chatOfflineEmailEvents } from './chat.table';
import { createConversationRepository } from './conversation.repository';
import { createMessageRepository } from './message.repository';

/** At most one offline e-mail per conversation and recipient in this window (issue 4). */
export const OFFLINE_EMAIL_INTERVAL_MS = 3600 * 1000;
const LISTED_MESSAGES = 20;
const LINE_LENGTH = 300;

export type OfflineEmailDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  notifier: Notifier;
  /** Where offline e-mail to a store goes (its contact e-mail), from identity. */
  findStoreEmail: IdentityModule['directory']['findStoreEmail'];
  /** Where offline e-mail to a supplier company goes (its active members), from identity. */
  listSupplierEmails: IdentityModule['directory']['listSupplierMemberEmails'];
  /** Whether the recipient has a socket open anywhere (realtime, adapter-wide). */
  isOnline: (
    party: { kind: 'STORE'; storeId: string } | { kind: 'SUPPLIER'; companyId: string },
  ) => Promise<boolean>;
  publicUrl: string;
};

type Recipient = {
  participant: string;
  /** Store the mail concerns (null for mail to a supplier's people). */
  storeId: string | null;
  addresses: string[];
  subject: string;
  replyLine: string;
};

const linesOf = (unread: Message[]) =>
  unread.map(
    (row) =>
      `${row.authorName}: ${previewOf(row.body, [], row.payload) || '(attachment)'}`.slice(
        0,
        LINE_LENGTH,
      ) + (row.body.length > LINE_LENGTH ? '…' : ''),
  );

const bodyOf = (unread: Message[], replyLine: string) =>
  [
    `You have ${unread.length} unread message${unread.length === 1 ? '' : 's'}:`,
    '',
    ...linesOf(unread),
    '',
    replyLine,
  ].join('\n');

/**
 * Issue 4 offline delivery as a durable job (issue 8): the outbox subscriber
 * "chat.offline-email" gets every `chat.message.sent`. The side that did not write gets an e-mail
 * when none of its sockets is open, at most once per conversation per hour: the store at its
 * contact e-mail (link to /inbox), a supplier company at each active member's e-mail (link to the
 * conversation in /partner/inbox). The e-mails, the hourly slot and the event id are written in
 * one transaction, so a crash before it commits retries and a redelivered event sends nothing.
 */
export const subscribeOfflineEmail = (deps: OfflineEmailDeps) => {
  const { db, clock } = deps;
  const baseUrl = deps.publicUrl.replace(/\/+$/, '');

  const recipientOf = async (
    event: DomainEvent<'chat.message.sent'>,
  ): Promise<Recipient | undefined> => {
    const { storeId, companyId, conversationId, message } = event.payload;
    if (message.author !== storeParticipant(storeId)) {
      if (await deps.isOnline({ kind: 'STORE', storeId })) return undefined;
      const email = await deps.findStoreEmail(storeId);
      return {
        participant: storeParticipant(storeId),
        storeId,
        addresses: email ? [email] : [],
        subject: `New message from ${message.authorName || 'your supplier'}`,
        replyLine: `Reply in your inbox: ${baseUrl}/inbox`,
      };
    }
    if (await deps.isOnline({ kind: 'SUPPLIER', companyId })) return undefined;
    return {
      participant: supplierParticipant(companyId),
      storeId: null,
      addresses: await deps.listSupplierEmails(companyId),
      subject: `New message from ${message.authorName || 'a store'}`,
      replyLine: `Reply in your supplier inbox: ${baseUrl}/partner/inbox/${conversationId}`,
    };
  };

  /** Claims the hourly slot in `tx`: true when this event may send. */
  const claimSlot = async (tx: Database, conversationId: string, participant: string) => {
    const now = clock.now();
    const rows = await tx
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

  const handle = async (event: DomainEvent<'chat.message.sent'>) => {
    const recipient = await recipientOf(event);
    const { conversationId } = event.payload;
    await db.transaction(async (tx) => {
      const [isFirst] = await tx
        .insert(chatOfflineEmailEvents)
        .values({ eventId: event.id, emailCount: 0, handledAt: clock.now() })
        .onConflictDoNothing()
        .returning({ eventId: chatOfflineEmailEvents.eventId });
      if (!isFirst || !recipient || recipient.addresses.length === 0) return;
      if (!(await claimSlot(tx, conversationId, recipient.participant))) return;
      const lastReadIndex = await createConversationRepository(tx).findLastReadIndex(
        conversationId,
        recipient.participant,
      );
      const unread = (
        await createMessageRepository(tx).listNewer(
          conversationId,
          lastReadIndex ?? -1,
          LISTED_MESSAGES,
        )
      ).map(toMessage);
      if (unread.length === 0) return;
      for (const to of recipient.addresses) {
        await deps.notifier.sendEmail(
          {
            to,
            storeId: recipient.storeId,
            kind: 'chat.unread',
            subject: recipient.subject,
            body: bodyOf(unread, recipient.replyLine),
          },
          tx,
        );
      }
      await tx
        .update(chatOfflineEmailEvents)
        .set({ emailCount: recipient.addresses.length })
        .where(sql`${chatOfflineEmailEvents.eventId} = ${event.id}`);
    });
  };

  deps.events.subscribe('chat.offline-email', ['chat.message.sent'], handle);
};
