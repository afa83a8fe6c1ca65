import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import { escapeLike } from '@/lib/sql';
import { chatMessages, conversationReads, conversations, type ConversationRow } from './chat.table';

export type ConversationSide = { storeId: string } | { companyId: string };

const sideFilter = (side: ConversationSide): SQL =>
  'storeId' in side
    ? eq(conversations.storeId, side.storeId)
    : eq(conversations.companyId, side.companyId);

/** A conversation row's participant ids, in SQL (`store_{id}`, `customer_{id}`). */
const storeParticipantOfRow = () => sql`'store_' || ${conversations.storeId}`;
const supplierParticipantOfRow = () => sql`'customer_' || ${conversations.companyId}`;

/** The row's messages above `lastReadIndex` (none read: all) not authored by `viewer`. */
const unreadCountOf = (viewer: string | SQL, lastReadIndex: AnyPgColumn) =>
  sql<number>`(
    SELECT count(*)::int FROM ${chatMessages}
    WHERE ${chatMessages.conversationId} = ${conversations.id}
      AND ${chatMessages.index} > COALESCE(${lastReadIndex}, -1)
      AND ${chatMessages.author} <> ${viewer})`;

/** Left-join condition of a `conversation_reads` alias: the row's marker of `participant`. */
const readMarkerOf = (
  read: { conversationId: AnyPgColumn; participant: AnyPgColumn },
  participant: string | SQL,
) => and(eq(read.conversationId, conversations.id), eq(read.participant, participant));

export type ConversationWithReads = {
  conversation: ConversationRow;
  unreadCount: number;
  otherLastReadIndex: number | null;
};

export const createConversationRepository = (db: Database) => ({
  /** Suppliers a store has exchanged messages with, and when the last one was sent. */
  async listMessagedCompanies(storeId: string): Promise<{ companyId: string; at: Date }[]> {
    const rows = await db
      .select({ companyId: conversations.companyId, at: conversations.lastMessageAt })
      .from(conversations)
      .where(and(eq(conversations.storeId, storeId), isNotNull(conversations.lastMessageAt)));
    return rows.flatMap((row) => (row.at ? [{ companyId: row.companyId, at: row.at }] : []));
  },

  /** Creates the pair's conversation unless it exists (race-safe), then returns it. */
  async insertOrGet(values: typeof conversations.$inferInsert): Promise<ConversationRow> {
    await db.insert(conversations).values(values).onConflictDoNothing();
    const [row] = await db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.storeId, values.storeId),
          eq(conversations.companyId, values.companyId),
        ),
      );
    return row!;
  },

  /** The pair's conversation, if the store ever opened one with the company. */
  async findByParties(storeId: string, companyId: string): Promise<ConversationRow | undefined> {
    const [row] = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.storeId, storeId), eq(conversations.companyId, companyId)))
      .limit(1);
    return row;
  },

  async findById(id: string): Promise<ConversationRow | undefined> {
    const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
    return row;
  },

  async findLastReadIndex(
    conversationId: string,
    participant: string,
  ): Promise<number | undefined> {
    const [row] = await db
      .select({ lastReadIndex: conversationReads.lastReadIndex })
      .from(conversationReads)
      .where(
        and(
          eq(conversationReads.conversationId, conversationId),
          eq(conversationReads.participant, participant),
        ),
      );
    return row?.lastReadIndex;
  },

  /**
   * The side's conversations, newest activity first, each with the viewer's unread count
   * (messages above the viewer's read marker not authored by the viewer) and the other side's
   * read marker. `ids` narrows to those conversations.
   */
  async listWithReads(
    side: ConversationSide,
    viewer: string,
    options: { ids?: readonly string[] } = {},
  ): Promise<ConversationWithReads[]> {
    if (options.ids?.length === 0) return [];
    const isStoreViewer = 'storeId' in side;
    // Joins keep Drizzle qualifying column names inside the subquery (same-named columns).
    const myRead = alias(conversationReads, 'my_read');
    const otherRead = alias(conversationReads, 'other_read');
    const otherParticipant = isStoreViewer ? supplierParticipantOfRow() : storeParticipantOfRow();
    const rows = await db
      .select({
        conversation: conversations,
        unreadCount: unreadCountOf(viewer, myRead.lastReadIndex),
        otherLastReadIndex: otherRead.lastReadIndex,
      })
      .from(conversations)
      .leftJoin(myRead, readMarkerOf(myRead, viewer))
      .leftJoin(otherRead, readMarkerOf(otherRead, otherParticipant))
      .where(
        and(
          sideFilter(side),
          options.ids ? inArray(conversations.id, [...options.ids]) : undefined,
        ),
      )
      .orderBy(
        desc(sql`COALESCE(${conversations.lastMessageAt}, ${conversations.createdAt})`),
        desc(conversations.id),
      );
    return rows;
  },

  /**
   * One conversation as each side sees it, in one query: `[store's view, supplier's view]`, as
   * `listWithReads` would give them to the store and to the supplier (none when it is unknown).
   */
  async findWithBothReads(
    id: string,
  ): Promise<[ConversationWithReads, ConversationWithReads] | undefined> {
    const storeRead = alias(conversationReads, 'store_read');
    const supplierRead = alias(conversationReads, 'supplier_read');
    const storeParticipant = storeParticipantOfRow();
    const supplierParticipant = supplierParticipantOfRow();
    const [row] = await db
      .select({
        conversation: conversations,
        storeLastReadIndex: storeRead.lastReadIndex,
        supplierLastReadIndex: supplierRead.lastReadIndex,
        storeUnreadCount: unreadCountOf(storeParticipant, storeRead.lastReadIndex),
        supplierUnreadCount: unreadCountOf(supplierParticipant, supplierRead.lastReadIndex),
      })
      .from(conversations)
      .leftJoin(storeRead, readMarkerOf(storeRead, storeParticipant))
      .leftJoin(supplierRead, readMarkerOf(supplierRead, supplierParticipant))
      .where(eq(conversations.id, id))
      .limit(1);
    if (!row) return undefined;
    return [
      {
        conversation: row.conversation,
        unreadCount: row.storeUnreadCount,
        otherLastReadIndex: row.supplierLastReadIndex,
      },
      {
        conversation: row.conversation,
        unreadCount: row.supplierUnreadCount,
        otherLastReadIndex: row.storeLastReadIndex,
      },
    ];
  },

  /** Ids of the side's conversations with a message whose body contains `text` (any case). */
  async idsWithBodyContaining(side: ConversationSide, text: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ id: conversations.id })
      .from(conversations)
      .innerJoin(chatMessages, eq(chatMessages.conversationId, conversations.id))
      .where(and(sideFilter(side), sql`${chatMessages.body} ILIKE ${`%${escapeLike(text)}%`}`));
    return rows.map((row) => row.id);
  },

  /** Moves the participant's read marker up to `index` (capped at the last message), never back. */
  async markRead(conversationId: string, participant: string, index: number): Promise<number> {
    const capped = sql`LEAST(${index}::int, (SELECT ${conversations.lastMessageIndex} FROM ${conversations} WHERE ${conversations.id} = ${conversationId}))`;
    const [row] = await db
      .insert(conversationReads)
      .values({ conversationId, participant, lastReadIndex: capped })
      .onConflictDoUpdate({
        target: [conversationReads.conversationId, conversationReads.participant],
        set: {
          lastReadIndex: sql`GREATEST(${conversationReads.lastReadIndex}, excluded.last_read_index)`,
        },
      })
      .returning({ lastReadIndex: conversationReads.lastReadIndex });
    return row!.lastReadIndex;
  },
});
export type ConversationRepository = ReturnType<typeof createConversationRepository>;
