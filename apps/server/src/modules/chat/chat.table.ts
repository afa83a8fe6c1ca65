import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { jsonb } from '../../db/jsonb';
import type { MessageAttachments, MessagePayload } from '@atelier/contract/chat/message';

/** Spec §3: one conversation per store and supplier company pair. */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    /** `manufacturer:store_{id}-customer_{id}` (spec §3). */
    name: text('name').notNull(),
    storeId: text('store_id').notNull(),
    companyId: text('company_id').notNull(),
    /** Index of the newest message; -1 while empty. Incremented to allocate the next index. */
    lastMessageIndex: integer('last_message_index').notNull().default(-1),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
    lastMessagePreview: text('last_message_preview'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_store_company_key').on(table.storeId, table.companyId),
    index('conversations_company_idx').on(table.companyId),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;

/** Spec §3 chat messages: index monotonic and gapless per conversation. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    /** The message sid, `msg_…`. */
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    /** Participant: `store_{id}` or `customer_{id}`. */
    author: text('author').notNull(),
    authorUserId: text('author_user_id').notNull(),
    authorName: text('author_name').notNull(),
    type: text('type').notNull(),
    body: text('body').notNull(),
    payload: jsonb('payload').$type<MessagePayload>().notNull(),
    attachments: jsonb('attachments').$type<MessageAttachments>().notNull(),
    /** Uploaded files attached (for the file read check). */
    fileIds: text('file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    clientMessageId: text('client_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chat_messages_conversation_index_key').on(table.conversationId, table.index),
    uniqueIndex('chat_messages_client_message_key')
      .on(table.conversationId, table.author, table.clientMessageId)
      .where(sql`${table.clientMessageId} IS NOT NULL`),
    index('chat_messages_file_ids_idx').using('gin', table.fileIds),
  ],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** Per participant, the last read message index of a conversation. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    participant: text('participant').notNull(),
    lastReadIndex: integer('last_read_index').notNull(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.participant] })],
);

/** Offline chat e-mail throttle: the last notice per conversation and recipient participant. */
export const chatEmailNotices = pgTable(
  'chat_email_notices',
  {
    conversationId: text('conversation_id').notNull(),
    participant: text('participant').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.participant] })],
);

/**
 * The `chat.message.sent` events the offline e-mail job has handled (its idempotency key): one
 * row, written in the transaction that keeps the e-mail, so a redelivered event sends nothing.
 */
export const chatOfflineEmailEvents = pgTable('chat_offline_email_events', {
  eventId: text('event_id').primaryKey(),
  /** How many e-mails it kept (0: the recipient was online, had no address or was throttled). */
  emailCount: integer('email_count').notNull(),
  handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }).notNull(),
});
