import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { countries, states } from './reference.table';

export type CountryRow = typeof countries.$inferSelect;
export type StateRow = typeof states.$inferSelect;

const BATCH_SIZE = 500;

export const createReferenceRepository = (db: Database) => ({
  async listCountries(): Promise<CountryRow[]> {
    return db.select().from(countries).orderBy(asc(countries.name));
  },

  async findCountry(code: string): Promise<CountryRow | undefined> {
    const [row] = await db.select().from(countries).where(eq(countries.code, code)).limit(1);
    return row;
  },

  async listStates(countryCode: string): Promise<StateRow[]> {
    return db
      .select()
      .from(states)
      .where(eq(states.countryCode, countryCode))
      .orderBy(asc(states.name));
  },

  /** Every state of every country, in name order. */
  async listAllStates(): Promise<StateRow[]> {
    return db.select().from(states).orderBy(asc(states.name));
  },

  async countRows(): Promise<{ countries: number; states: number }> {
    const [countryCount] = await db.select({ count: sql<number>`count(*)::int` }).from(countries);
    const [stateCount] = await db.select({ count: sql<number>`count(*)::int` }).from(states);
    return { countries: countryCount?.count ?? 0, states: stateCount?.count ?? 0 };
  },

  /** Inserts or refreshes countries and states; running it twice changes nothing. */
  async upsertAll(countryRows: CountryRow[], stateRows: StateRow[]): Promise<void> {
    for (let start = 0; start < countryRows.length; start += BATCH_SIZE) {
      await db
        .insert(countries)
        .values(countryRows.slice(start, start + BATCH_SIZE))
        .onConflictDoNothing();
    }
    for (let start = 0; start < stateRows.length; start += BATCH_SIZE) {
      await db
        .insert(states)
        .values(stateRows.slice(start, start + BATCH_SIZE))
        .onConflictDoNothing();
    }
  },
});
export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
