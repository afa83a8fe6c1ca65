import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { createTableExportSource, type ExportSource } from '@/modules/jobs';
import { chatMessages, conversationReads, conversations } from './chat.table';

/**
 * "Export my data" tables of the chat module (issue 8): the store's conversations, their
 * messages (both sides') and read markers.
 */
export const createChatExportSources = (db: Database): ExportSource[] => [
  createTableExportSource(db, {
    table: 'conversations',
    from: conversations,
    columns: {
      id: conversations.id,
      name: conversations.name,
      company_id: conversations.companyId,
      last_message_index: conversations.lastMessageIndex,
      last_message_at: conversations.lastMessageAt,
      created_at: conversations.createdAt,
      updated_at: conversations.updatedAt,
    },
    ofStore: (storeId) => eq(conversations.storeId, storeId),
    keys: [conversations.id],
  }),
  createTableExportSource(db, {
    table: 'chat_messages',
    from: chatMessages,
    join: { table: conversations, on: eq(conversations.id, chatMessages.conversationId) },
    columns: {
      id: chatMessages.id,
      conversation_id: chatMessages.conversationId,
      index: chatMessages.index,
      author: chatMessages.author,
      author_user_id: chatMessages.authorUserId,
      author_name: chatMessages.authorName,
      type: chatMessages.type,
      body: chatMessages.body,
      payload: chatMessages.payload,
      attachments: chatMessages.attachments,
      created_at: chatMessages.createdAt,
    },
    ofStore: (storeId) => eq(conversations.storeId, storeId),
    keys: [chatMessages.id],
  }),
  createTableExportSource(db, {
    table: 'conversation_reads',
    from: conversationReads,
    join: { table: conversations, on: eq(conversations.id, conversationReads.conversationId) },
    columns: {
      conversation_id: conversationReads.conversationId,
      participant: conversationReads.participant,
      last_read_index: conversationReads.lastReadIndex,
    },
    ofStore: (storeId) => eq(conversations.storeId, storeId),
    keys: [conversationReads.conversationId, conversationReads.participant],
  }),
];
