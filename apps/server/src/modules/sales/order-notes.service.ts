import { and, desc, eq } from 'drizzle-orm';
import {
  AddOrderNoteInputSchema,
  type AddOrderNoteInput,
  type OrderNote,
} from '@atelier/contract/sales/order-operations';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { orderNotFound } from './order-operations.service';
import { salesOrderNotes, salesOrders, type SalesOrderNoteRow } from './sales.table';

const noteNotFound = () =>
  new AppError('not_found', 'This order has no such note.', { reason: 'order_note_not_found' });

const toNote = (row: SalesOrderNoteRow, actor: Actor): OrderNote => ({
  id: row.id,
  body: row.body,
  authorName: row.authorName,
  isOwn: row.userId === actor.userId,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Spec §7 order-notes (issue 11): the dated notes the store's team writes on an order ("Called
 * the customer, ships Monday"), beside the order's one `note` (spec §7 notes) that a channel or
 * the customer fills. Each is kept with its author and time; only its author deletes it. Notes
 * may be added to canceled and sent orders too: they are the team's record, not the order's data,
 * so they publish no order event. Every read and write is filtered by the caller's store.
 */
export const createOrderNotes = ({ db, clock }: { db: Database; clock: Clock }) => {
  /** 404 `order_not_found` unless the order is the caller's store's. */
  const requireOrder = async (actor: Actor, orderId: string) => {
    const [order] = await db
      .select({ id: salesOrders.id })
      .from(salesOrders)
      .where(and(eq(salesOrders.id, orderId), eq(salesOrders.storeId, actor.storeId)));
    if (!order) throw orderNotFound();
  };

  return {
    /** The order's notes, newest first. 404 `order_not_found`. */
    async listNotes(actor: Actor, orderId: string): Promise<{ items: OrderNote[] }> {
      await requireOrder(actor, orderId);
      const rows = await db
        .select()
        .from(salesOrderNotes)
        .where(
          and(eq(salesOrderNotes.orderId, orderId), eq(salesOrderNotes.storeId, actor.storeId)),
        )
        .orderBy(desc(salesOrderNotes.createdAt), desc(salesOrderNotes.id));
      return { items: rows.map((row) => toNote(row, actor)) };
    },

    /** Adds the caller's note (1-2,000 characters) to the order. 404 `order_not_found`. */
    async addNote(actor: Actor, orderId: string, input: AddOrderNoteInput): Promise<OrderNote> {
      const { body } = AddOrderNoteInputSchema.parse(input);
      await requireOrder(actor, orderId);
      const [row] = await db
        .insert(salesOrderNotes)
        .values({
          id: newId('ont'),
          orderId,
          storeId: actor.storeId,
          userId: actor.userId,
          authorName: actor.name || actor.email,
          body,
          createdAt: clock.now(),
        })
        .returning();
      return toNote(row!, actor);
    },

    /**
     * Deletes one of the caller's notes. 409 `order_note_not_yours` for a teammate's (not a 403:
     * spec §8 ends the session on a 403); 404 `order_note_not_found` (also for a note of another
     * order or store).
     */
    async deleteNote(actor: Actor, orderId: string, noteId: string): Promise<{ ok: true }> {
      const [row] = await db
        .select()
        .from(salesOrderNotes)
        .where(
          and(
            eq(salesOrderNotes.id, noteId),
            eq(salesOrderNotes.orderId, orderId),
            eq(salesOrderNotes.storeId, actor.storeId),
          ),
        );
      if (!row) throw noteNotFound();
      if (row.userId !== actor.userId) {
        throw new AppError('conflict', 'Only its author can delete a note.', {
          reason: 'order_note_not_yours',
        });
      }
      await db.delete(salesOrderNotes).where(eq(salesOrderNotes.id, noteId));
      return { ok: true };
    },
  };
};
export type OrderNotes = ReturnType<typeof createOrderNotes>;
