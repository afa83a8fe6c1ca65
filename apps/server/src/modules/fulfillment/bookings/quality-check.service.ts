import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import {
  CANCELABLE_QC_STATUSES,
  type CreateQualityCheckInput,
  type QualityCheck,
} from '@atelier/contract/fulfillment/bookings';
import type { Database } from '@/db/client';
import { creatorOrderItems } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import {
  assertNotPast,
  cursorNumber,
  fieldError,
  numberOfSn,
  receivingIdOf,
  receivingSns,
  snOf,
  type Page,
  type StoreActor,
} from './booking-common';
import { fulfillmentQualityChecks, type FulfillmentQualityCheckRow } from './bookings.table';

const notFound = () =>
  new AppError('not_found', 'No quality check of this store has this number.', {
    reason: 'quality_check_not_found',
  });

/**
 * Issue 15 quality checks (fulfillment tile "book quality check", /homebase/quality-control): an
 * inspection of a production run, REQUESTED → SCHEDULED → PASSED or FAILED, or CANCELED by the
 * store before it is done.
 */
export const createQualityCheckService = ({ db, clock }: { db: Database; clock: Clock }) => {
  const toCheck = (
    row: FulfillmentQualityCheckRow,
    receivings: Map<string, string>,
  ): QualityCheck => ({
    id: row.id,
    sn: snOf('QC', row.number),
    status: row.status,
    productName: row.productName,
    creatorOrderItemId: row.creatorOrderItemId,
    receivingSn: row.receivingId ? (receivings.get(row.receivingId) ?? null) : null,
    inspectionType: row.inspectionType,
    inspectionLevel: row.inspectionLevel,
    aqlMajor: row.aqlMajor,
    aqlMinor: row.aqlMinor,
    unitsToInspect: row.unitsToInspect,
    preferredDate: row.preferredDate,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    canceledAt: row.canceledAt?.toISOString() ?? null,
  });
  const one = async (row: FulfillmentQualityCheckRow) =>
    toCheck(row, await receivingSns(db, [row.receivingId]));

  return {
    /** A page of the store's quality checks, newest first. 400 `query.cursor` for a bad cursor. */
    async list(
      storeId: string,
      query: { limit: number; cursor?: string },
    ): Promise<Page<QualityCheck>> {
      const after = cursorNumber(query.cursor);
      const rows = await db
        .select()
        .from(fulfillmentQualityChecks)
        .where(
          and(
            eq(fulfillmentQualityChecks.storeId, storeId),
            after === null ? undefined : lt(fulfillmentQualityChecks.number, after),
          ),
        )
        .orderBy(desc(fulfillmentQualityChecks.number))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const receivings = await receivingSns(
        db,
        page.map((row) => row.receivingId),
      );
      return {
        items: page.map((row) => toCheck(row, receivings)),
        nextCursor: rows.length > query.limit ? String(page.at(-1)!.number) : null,
      };
    },

    /**
     * Books a quality check (REQUESTED). The preferred day must not be past (400
     * `preferredDate`); a linked sourcing order item or receiving must be the store's (400
     * `creatorOrderItemId` / `receivingSn`).
     */
    async create(actor: StoreActor, body: CreateQualityCheckInput): Promise<QualityCheck> {
      assertNotPast(body.preferredDate, clock.now(), 'preferredDate');
      if (body.creatorOrderItemId) {
        const [item] = await db
          .select({ id: creatorOrderItems.id })
          .from(creatorOrderItems)
          .where(
            and(
              eq(creatorOrderItems.storeId, actor.storeId),
              eq(creatorOrderItems.id, body.creatorOrderItemId),
            ),
          );
        if (!item) {
          throw fieldError(
            'creatorOrderItemId',
            'No sourcing order item of this store has this id.',
          );
        }
      }
      const receivingId = body.receivingSn
        ? await receivingIdOf(db, actor.storeId, body.receivingSn, 'receivingSn')
        : null;
      const now = clock.now();
      const [row] = await db
        .insert(fulfillmentQualityChecks)
        .values({
          id: newId('qc'),
          storeId: actor.storeId,
          status: 'REQUESTED',
          productName: body.productName,
          creatorOrderItemId: body.creatorOrderItemId ?? null,
          receivingId,
          inspectionType: body.inspectionType,
          inspectionLevel: body.inspectionLevel,
          aqlMajor: body.aqlMajor,
          aqlMinor: body.aqlMinor,
          unitsToInspect: body.unitsToInspect,
          preferredDate: body.preferredDate,
          notes: body.notes,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return one(row!);
    },

    /**
     * Cancels a REQUESTED or SCHEDULED check. 404 `quality_check_not_found`; 409
     * `quality_check_not_cancelable` once done or canceled.
     */
    async cancel(actor: StoreActor, sn: string): Promise<QualityCheck> {
      const number = numberOfSn('QC', sn);
      if (number === null) throw notFound();
      const [found] = await db
        .select()
        .from(fulfillmentQualityChecks)
        .where(
          and(
            eq(fulfillmentQualityChecks.storeId, actor.storeId),
            eq(fulfillmentQualityChecks.number, number),
          ),
        );
      if (!found) throw notFound();
      const now = clock.now();
      const [row] = await db
        .update(fulfillmentQualityChecks)
        .set({ status: 'CANCELED', canceledAt: now, updatedAt: now })
        .where(
          and(
            eq(fulfillmentQualityChecks.id, found.id),
            inArray(fulfillmentQualityChecks.status, [...CANCELABLE_QC_STATUSES]),
          ),
        )
        .returning();
      if (!row) {
        throw new AppError(
          'conflict',
          found.status === 'CANCELED'
            ? 'This quality check is canceled already.'
            : 'A quality check that is done can no longer be canceled.',
          { reason: 'quality_check_not_cancelable' },
        );
      }
      return one(row);
    },
  };
};
export type QualityCheckService = ReturnType<typeof createQualityCheckService>;
