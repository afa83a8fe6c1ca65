import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { FieldIssue } from '@atelier/contract/common/errors';
import {
  CANCELABLE_FREIGHT_STATUSES,
  freightWeightGrams,
  type CreateFreightBookingInput,
  type FreightBooking,
  type FreightStatus,
} from '@atelier/contract/fulfillment/bookings';
import type { LabelAddress } from '@atelier/contract/fulfillment/shipment';
import type { Database } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import {
  assertNotPast,
  cursorNumber,
  numberOfSn,
  receivingIdOf,
  receivingSns,
  snOf,
  type Page,
  type StoreActor,
} from './booking-common';
import { fulfillmentFreightBookings, type FulfillmentFreightBookingRow } from './bookings.table';

/** The address check of the ShippingProvider (country, state and postal code in the reference data). */
export type AddressIssues = (address: LabelAddress, at: string) => Promise<FieldIssue[]>;

const notFound = () =>
  new AppError('not_found', 'No freight booking of this store has this number.', {
    reason: 'freight_booking_not_found',
  });

/**
 * Issue 15 freight bookings (spec §2 /fulfillment-services/book-freight-shipment): a store books
 * a freight shipment of its goods to the center; REQUESTED → QUOTED → BOOKED → DELIVERED, or
 * CANCELED by the store while REQUESTED or QUOTED.
 */
export const createFreightService = ({
  db,
  clock,
  addressIssues,
}: {
  db: Database;
  clock: Clock;
  addressIssues: AddressIssues;
}) => {
  const toBooking = (
    row: FulfillmentFreightBookingRow,
    receivings: Map<string, string>,
  ): FreightBooking => ({
    id: row.id,
    sn: snOf('FRT', row.number),
    status: row.status,
    origin: {
      name: row.origin.name,
      email: row.origin.email ?? null,
      company: row.origin.company ?? null,
      addressLine1: row.origin.addressLine1,
      addressLine2: row.origin.addressLine2 ?? null,
      city: row.origin.city,
      state: row.origin.state ?? null,
      stateCode: row.origin.stateCode ?? null,
      zipCode: row.origin.zipCode ?? null,
      phone: row.origin.phone ?? null,
      country: row.origin.country,
      countryCode: row.origin.countryCode,
    },
    pickupReadyDate: row.pickupReadyDate,
    mode: row.mode,
    handlingUnit: row.handlingUnit,
    unitCount: row.unitCount,
    weight: row.weight,
    weightUnit: row.weightUnit,
    weightG: row.weightG,
    length: row.length,
    width: row.width,
    height: row.height,
    dimensionUnit: row.dimensionUnit,
    commodity: row.commodity,
    receivingSn: row.receivingId ? (receivings.get(row.receivingId) ?? null) : null,
    notes: row.notes,
    quote:
      row.quoteAmount === null
        ? null
        : { amount: row.quoteAmount, currencyCode: row.quoteCurrencyCode ?? 'USD' },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canceledAt: row.canceledAt?.toISOString() ?? null,
  });

  const one = async (row: FulfillmentFreightBookingRow) =>
    toBooking(row, await receivingSns(db, [row.receivingId]));

  const findBySn = async (storeId: string, sn: string) => {
    const number = numberOfSn('FRT', sn);
    if (number === null) throw notFound();
    const [row] = await db
      .select()
      .from(fulfillmentFreightBookings)
      .where(
        and(
          eq(fulfillmentFreightBookings.storeId, storeId),
          eq(fulfillmentFreightBookings.number, number),
        ),
      );
    if (!row) throw notFound();
    return row;
  };

  return {
    /**
     * A page of the store's freight bookings, newest first (by `status` if given). 400
     * `query.cursor` for a cursor the list did not give.
     */
    async list(
      storeId: string,
      query: { limit: number; cursor?: string; status?: FreightStatus },
    ): Promise<Page<FreightBooking>> {
      const after = cursorNumber(query.cursor);
      const rows = await db
        .select()
        .from(fulfillmentFreightBookings)
        .where(
          and(
            eq(fulfillmentFreightBookings.storeId, storeId),
            query.status ? eq(fulfillmentFreightBookings.status, query.status) : undefined,
            after === null ? undefined : lt(fulfillmentFreightBookings.number, after),
          ),
        )
        .orderBy(desc(fulfillmentFreightBookings.number))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const receivings = await receivingSns(
        db,
        page.map((row) => row.receivingId),
      );
      return {
        items: page.map((row) => toBooking(row, receivings)),
        nextCursor: rows.length > query.limit ? String(page.at(-1)!.number) : null,
      };
    },

    /** One of the store's freight bookings by its sn. 404 `freight_booking_not_found`. */
    async get(storeId: string, sn: string): Promise<FreightBooking> {
      return one(await findBySn(storeId, sn));
    },

    /**
     * Books a freight shipment (REQUESTED). The origin's state and postal code must fit its
     * country (400 `origin.*`), the pickup day must not be past (400 `pickupReadyDate`), a
     * linked receiving must be the store's (400 `receivingSn`). The weight is kept as entered
     * and in grams (453.59237 g per lb).
     */
    async create(actor: StoreActor, body: CreateFreightBookingInput): Promise<FreightBooking> {
      const issues = await addressIssues(body.origin, 'origin');
      if (issues.length > 0) {
        throw new AppError('bad_request', issues[0]!.message, { details: issues });
      }
      assertNotPast(body.pickupReadyDate, clock.now(), 'pickupReadyDate');
      const receivingId = body.receivingSn
        ? await receivingIdOf(db, actor.storeId, body.receivingSn, 'receivingSn')
        : null;
      const now = clock.now();
      const [row] = await db
        .insert(fulfillmentFreightBookings)
        .values({
          id: newId('frt'),
          storeId: actor.storeId,
          status: 'REQUESTED',
          origin: body.origin,
          pickupReadyDate: body.pickupReadyDate,
          mode: body.mode,
          handlingUnit: body.handlingUnit,
          unitCount: body.unitCount,
          weight: body.weight,
          weightUnit: body.weightUnit,
          weightG: freightWeightGrams(body.weight, body.weightUnit),
          length: body.length,
          width: body.width,
          height: body.height,
          dimensionUnit: body.dimensionUnit,
          commodity: body.commodity,
          receivingId,
          notes: body.notes,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return one(row!);
    },

    /**
     * Cancels a REQUESTED or QUOTED booking. 404 `freight_booking_not_found`; 409
     * `freight_booking_not_cancelable` once BOOKED, DELIVERED or CANCELED (nothing changes).
     */
    async cancel(actor: StoreActor, sn: string): Promise<FreightBooking> {
      const found = await findBySn(actor.storeId, sn);
      const now = clock.now();
      const [row] = await db
        .update(fulfillmentFreightBookings)
        .set({ status: 'CANCELED', canceledAt: now, updatedAt: now })
        .where(
          and(
            eq(fulfillmentFreightBookings.id, found.id),
            // Checked in the update itself: a booking the center books meanwhile stays booked.
            inStatuses(CANCELABLE_FREIGHT_STATUSES),
          ),
        )
        .returning();
      if (!row) {
        throw new AppError(
          'conflict',
          found.status === 'CANCELED'
            ? 'This freight booking is canceled already.'
            : 'A booked or delivered freight shipment can no longer be canceled.',
          { reason: 'freight_booking_not_cancelable' },
        );
      }
      return one(row);
    },
  };
};

const inStatuses = (statuses: readonly FreightStatus[]) =>
  inArray(fulfillmentFreightBookings.status, [...statuses]);

export type FreightService = ReturnType<typeof createFreightService>;
