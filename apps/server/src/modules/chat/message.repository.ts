import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { MessagePayload } from '@atelier/contract/chat/message';
import type { Database } from '@/db/client';
import {
  chatMessages,
  conversations,
  type ChatMessageRow,
  type ConversationRow,
} from './chat.table';

export const createMessageRepository = (db: Database) => ({
  /** Locks the conversation row until the transaction ends (serialises sends). */
  async lockConversation(id: string): Promise<ConversationRow | undefined> {
    const [row] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.id, id))
      .for('update');
    return row;
  },

  async findByClientMessageId(
    conversationId: string,
    author: string,
    clientMessageId: string,
  ): Promise<ChatMessageRow | undefined> {
    const [row] = await db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversationId),
          eq(chatMessages.author, author),
          eq(chatMessages.clientMessageId, clientMessageId),
        ),
      );
    return row;
  },

  /** Allocates the next index atomically and records the conversation's last message. */
  async allocateIndex(
    conversationId: string,
    last: { at: Date; preview: string },
  ): Promise<ConversationRow> {
    const [row] = await db
      .update(conversations)
      .set({
        lastMessageIndex: sql`${conversations.lastMessageIndex} + 1`,
        lastMessageAt: last.at,
        lastMessagePreview: last.preview,
        updatedAt: last.at,
      })
      .where(eq(conversations.id, conversationId))
      .returning();
    return row!;
  },

  /** The message at `index`, locked until the transaction ends (serialises answers). */
  async lockByIndex(conversationId: string, index: number): Promise<ChatMessageRow | undefined> {
    const [row] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.index, index)))
      .for('update');
    return row;
  },

  /**
   * Stores a meeting request's answer unless one is already stored (undefined then): the
   * condition keeps a second answer out even without the row lock.
   */
  async answerMeetingRequest(
    id: string,
    payload: MessagePayload,
  ): Promise<ChatMessageRow | undefined> {
    const [row] = await db
      .update(chatMessages)
      .set({ payload })
      .where(and(eq(chatMessages.id, id), sql`${chatMessages.payload}->>'response' IS NULL`))
      .returning();
    return row;
  },

  async insert(values: typeof chatMessages.$inferInsert): Promise<ChatMessageRow> {
    const [row] = await db.insert(chatMessages).values(values).returning();
    return row!;
  },

  /** Up to `size` messages: below `beforeIndex` (or the newest), newest first. */
  async listOlder(conversationId: string, beforeIndex: number | undefined, size: number) {
    return db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversationId),
          beforeIndex === undefined ? undefined : lt(chatMessages.index, beforeIndex),
        ),
      )
      .orderBy(desc(chatMessages.index))
      .limit(size);
  },

  /** Up to `size` messages above `afterIndex`, oldest first (catching up). */
  async listNewer(conversationId: string, afterIndex: number, size: number) {
    return db
      .select()
      .from(chatMessages)
      .where(
        and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.index, afterIndex)),
      )
      .orderBy(asc(chatMessages.index))
      .limit(size);
  },

  /** Whether a message carrying the file was sent in a conversation of the side. */
  async isFileInConversationOf(
    fileId: string,
    side: { storeId: string } | { companyId: string },
  ): Promise<boolean> {
    const [row] = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
      .where(
        and(
          sql`${chatMessages.fileIds} @> ARRAY[${fileId}]::text[]`,
          'storeId' in side
            ? eq(conversations.storeId, side.storeId)
            : eq(conversations.companyId, side.companyId),
        ),
      )
      .limit(1);
    return row !== undefined;
  },
});
