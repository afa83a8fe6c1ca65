import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesOrders } from '@/db/schema';
import { createTestDatabase } from '@/testing/test-database';
import type { DatabaseConnection } from './client';
import { insertMany } from './insert-many';

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => {
  await connection.close();
});

/** The fields that differ from row to row, from the row's `seed`. */
const varying = (seed: number) => ({
  placedAt: new Date(Date.UTC(2011, 11, 9, 12, 50, seed % 60, 123)),
  itemCount: seed,
});

/** An order row with awkward text in every kind of column (text, arrays, jsonb, time, money). */
const orderRow = (id: string, number: number, text: string, channel = 'import:test') => ({
  ...varying(number % 100),
  id,
  storeId: 'sto_insert_many',
  origin: 'IMPORT',
  prefix: '#',
  number,
  channel,
  externalId: text,
  timeZone: 'Europe/London',
  currencyCode: 'GBP',
  subtotal: 9_007_199_254_740,
  total: -250,
  discountCodes: [text, 'A,B', '{x}', ''],
  shippingAddress: {
    name: text,
    company: null,
    line1: 'Rue "du" Bac',
    line2: null,
    city: 'Paris',
    stateCode: null,
    postalCode: null,
    countryCode: 'FR',
    phone: null,
  },
  financialStatus: 'PAID',
  productionStatus: 'FINISHED',
  tags: [],
  note: number % 2 === 0 ? null : text,
});

const AWKWARD = [
  'plain',
  'quote " and \\ backslash',
  "it's",
  'comma, {brace}',
  'NULL',
  'ünï ☕ 𝄞',
  '',
];

describe('insertMany', () => {
  it('stores the same rows as Drizzle’s insert, awkward text, nulls and defaults included', async () => {
    const { db } = connection;
    const viaDrizzle = AWKWARD.map((text, index) => orderRow(`ord_d${index}`, 100 + index, text));
    const viaUnnest = AWKWARD.map((text, index) =>
      orderRow(`ord_u${index}`, 200 + index, text, 'import:other'),
    );
    await db.insert(salesOrders).values(viaDrizzle);
    await insertMany(db, salesOrders, viaUnnest);

    const read = async (id: string) => {
      const [row] = await db.select().from(salesOrders).where(eq(salesOrders.id, id));
      const { id: _id, number: _number, channel: _channel, createdAt, updatedAt, ...rest } = row!;
      expect(createdAt).toBeInstanceOf(Date);
      expect(updatedAt).toBeInstanceOf(Date);
      return rest;
    };
    for (const index of AWKWARD.keys()) {
      const unnested = await read(`ord_u${index}`);
      expect(unnested).toEqual(await read(`ord_d${index}`));
      expect(unnested.externalId).toBe(AWKWARD[index]);
      expect(unnested.discountCodes).toEqual([AWKWARD[index], 'A,B', '{x}', '']);
      // Defaults of the columns the rows leave out, as Drizzle's insert gives them.
      expect(unnested.cancelState).toBe('NONE');
      expect(unnested.discountTotal).toBe(0);
    }
  });

  it('keeps a column only later rows give, with its default in the rows that leave it out', async () => {
    const { db } = connection;
    const { note: _note, ...withoutNote } = orderRow('ord_k1', 400, 'k1');
    const later = {
      ...orderRow('ord_k2', 401, 'k2'),
      note: 'second only',
      cancelState: 'CANCELED',
    };
    await insertMany(db, salesOrders, [withoutNote, later]);
    const rows = await db
      .select({ id: salesOrders.id, note: salesOrders.note, cancelState: salesOrders.cancelState })
      .from(salesOrders)
      .where(inArray(salesOrders.id, ['ord_k1', 'ord_k2']))
      .orderBy(salesOrders.id);
    expect(rows).toEqual([
      { id: 'ord_k1', note: null, cancelState: 'NONE' },
      { id: 'ord_k2', note: 'second only', cancelState: 'CANCELED' },
    ]);
  });

  it('inserts nothing when one row breaks a constraint, and nothing for no rows', async () => {
    const { db } = connection;
    await insertMany(db, salesOrders, []);
    const rows = [orderRow('ord_c1', 300, 'a'), orderRow('ord_c2', 300, 'b')];
    await expect(insertMany(db, salesOrders, rows)).rejects.toThrow();
    const found = await db.select().from(salesOrders).where(eq(salesOrders.number, 300));
    expect(found).toEqual([]);
  });

  it('inserts more rows than PostgreSQL allows parameters in one statement of Drizzle', async () => {
    const { db } = connection;
    const rows = Array.from({ length: 4_000 }, (_unused, index) =>
      orderRow(`ord_m${index}`, 1_000 + index, `m${index}`),
    );
    await insertMany(db, salesOrders, rows);
    const found = await db
      .select({ id: salesOrders.id })
      .from(salesOrders)
      .where(eq(salesOrders.storeId, 'sto_insert_many'));
    expect(found.filter((row) => row.id.startsWith('ord_m'))).toHaveLength(4_000);
  });
});
