import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Warehouse } from '@atelier/contract/fulfillment/inventory';
import type { FieldIssue } from '@atelier/contract/common/errors';
import type { Database } from '@/db/client';
import { countries, states } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { uniqueViolationConstraint } from '@/lib/db-errors';
import { newId } from '@/lib/ids';
import {
  fulfillmentInventoryLevels,
  fulfillmentWarehouses,
  type FulfillmentWarehouseRow,
} from './fulfillment.table';

export const toWarehouse = (row: FulfillmentWarehouseRow): Warehouse => ({
  id: row.id,
  code: row.code,
  name: row.name,
  stateCode: row.stateCode,
  countryCode: row.countryCode,
  timeZone: row.timeZone,
  isDefault: row.isDefault,
});

/** The first key of the advisory lock that serialises bin numbering (the second: the warehouse). */
const BIN_LOCK_CLASS = 150_046;

/** Bin number 1 is "A-0001"; past 9999 the number just grows ("A-10000"). */
export const binCodeOf = (number: number): string => `A-${String(number).padStart(4, '0')}`;

/**
 * Inside the caller's transaction: creates the level rows (0 on hand, 0 reserved) that these
 * variants of the store lack in the warehouse, each in the warehouse's next bin (one past the
 * highest "A-…" there, in variant order). The numbering is serialised per warehouse by an
 * advisory lock held until the transaction ends, so two transactions never give out one bin;
 * call this before locking any level row, so that this lock always comes first (no deadlock).
 * Takes no lock when every level already exists.
 */
export const createMissingLevels = async (
  tx: Database,
  input: { storeId: string; warehouseId: string; variantIds: string[]; now: Date },
): Promise<void> => {
  const { storeId, warehouseId, now } = input;
  const missingOf = async () => {
    const existing = await tx
      .select({ variantId: fulfillmentInventoryLevels.variantId })
      .from(fulfillmentInventoryLevels)
      .where(
        and(
          eq(fulfillmentInventoryLevels.warehouseId, warehouseId),
          inArray(fulfillmentInventoryLevels.variantId, input.variantIds),
        ),
      );
    const isPresent = new Set(existing.map((row) => row.variantId));
    return [...new Set(input.variantIds)].filter((id) => !isPresent.has(id)).sort();
  };
  if (input.variantIds.length === 0 || (await missingOf()).length === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(${BIN_LOCK_CLASS}::int, hashtext(${warehouseId}))`,
  );
  // Another transaction may have made some of them while this one waited for the lock.
  const missing = await missingOf();
  if (missing.length === 0) return;
  const [highest] = await tx
    .select({
      number:
        sql<number>`coalesce(max(substring(${fulfillmentInventoryLevels.binCode} from 3)::bigint), 0)`.mapWith(
          Number,
        ),
    })
    .from(fulfillmentInventoryLevels)
    .where(
      and(
        eq(fulfillmentInventoryLevels.warehouseId, warehouseId),
        sql`${fulfillmentInventoryLevels.binCode} ~ '^A-[0-9]{1,12}$'`,
      ),
    );
  const first = (highest?.number ?? 0) + 1;
  await tx.insert(fulfillmentInventoryLevels).values(
    missing.map((variantId, index) => ({
      storeId,
      variantId,
      warehouseId,
      onHand: 0,
      reserved: 0,
      binCode: binCodeOf(first + index),
      updatedAt: now,
    })),
  );
};

/** A warehouse the operator adds (`npm run fulfillment:add-warehouse`); never the default. */
export type AddWarehouseInput = {
  /** 2–10 letters or digits, stored in upper case ("NJ1"); unique. */
  code: string;
  name: string;
  /** The state's code within the country ("NJ"), as in the reference data. */
  stateCode: string;
  /** ISO 3166-1 alpha-2 ("US"). */
  countryCode: string;
  /** IANA time zone ("America/New_York"). */
  timeZone: string;
};

const CODE_PATTERN = /^[A-Z0-9]{2,10}$/;

const codeTaken = (code: string) =>
  new AppError('conflict', `A warehouse with the code ${code} exists already.`, {
    reason: 'warehouse_code_taken',
    details: [{ field: 'code', message: `${code} is taken.` }],
  });

/**
 * Adds a warehouse to the fulfillment center (issue 15; the default one, in North Carolina, comes
 * with the migrations, spec §9). Warehouses are the center's, shared by every store. Returns it.
 * 400 `bad_request` listing each bad field (code not 2–10 letters or digits, empty name, a country
 * or state the reference data does not know, a time zone not in IANA's list); 409
 * `warehouse_code_taken` for a code in use. Nothing is written on an error.
 */
export const addWarehouse = async (db: Database, input: AddWarehouseInput): Promise<Warehouse> => {
  const code = input.code.trim().toUpperCase();
  const name = input.name.trim();
  const countryCode = input.countryCode.trim().toUpperCase();
  const stateCode = input.stateCode.trim().toUpperCase();
  const timeZone = input.timeZone.trim();
  const issues: FieldIssue[] = [];
  if (!CODE_PATTERN.test(code)) {
    issues.push({ field: 'code', message: 'Use 2 to 10 letters or digits.' });
  }
  if (name.length === 0 || name.length > 200) {
    issues.push({ field: 'name', message: 'Give a name of 1 to 200 characters.' });
  }
  const [country] = /^[A-Z]{2}$/.test(countryCode)
    ? await db
        .select({ code: countries.code })
        .from(countries)
        .where(eq(countries.code, countryCode))
    : [];
  if (!country) {
    issues.push({
      field: 'countryCode',
      message: `${countryCode || 'This'} is not a country code.`,
    });
  } else {
    const [state] = await db
      .select({ code: states.code })
      .from(states)
      .where(and(eq(states.countryCode, countryCode), eq(states.code, stateCode)));
    if (!state) {
      issues.push({
        field: 'stateCode',
        message: `${stateCode || 'This'} is not a state of ${countryCode}.`,
      });
    }
  }
  if (!Intl.supportedValuesOf('timeZone').includes(timeZone)) {
    issues.push({
      field: 'timeZone',
      message: `${timeZone || 'This'} is not an IANA time zone (e.g. America/New_York).`,
    });
  }
  if (issues.length > 0) {
    throw new AppError('bad_request', issues.map((issue) => issue.message).join(' '), {
      details: issues,
    });
  }
  const [taken] = await db
    .select({ id: fulfillmentWarehouses.id })
    .from(fulfillmentWarehouses)
    .where(eq(fulfillmentWarehouses.code, code));
  if (taken) throw codeTaken(code);
  try {
    const [row] = await db
      .insert(fulfillmentWarehouses)
      .values({ id: newId('whs'), code, name, stateCode, countryCode, timeZone, isDefault: false })
      .returning();
    return toWarehouse(row!);
  } catch (error) {
    // Added by someone else between the check and the insert.
    if (uniqueViolationConstraint(error) === 'fulfillment_warehouses_code_key') {
      throw codeTaken(code);
    }
    throw error;
  }
};
