import type { Database } from '@/db/client';
import { loadReferenceData } from './reference.data';

export { loadReferenceData };
export type { CountryRow, StateRow } from './reference.repository';
import { createReferenceRepository, type CountryRow, type StateRow } from './reference.repository';
import { referenceRoutes } from './reference.routes';

/** Countries, regions and states: reference data every other module reads. */
export const createReferenceModule = ({ db }: { db: Database }) => {
  const repository = createReferenceRepository(db);
  // Countries and states do not change while the server runs (they come from `data/` at seed):
  // the checks that run on every checkout read them from memory after the first load.
  let index: Promise<{
    countries: Map<string, CountryRow>;
    states: Map<string, StateRow[]>;
  }> | null = null;
  const loadIndex = async () => {
    const [countryRows, stateRows] = [
      await repository.listCountries(),
      await repository.listAllStates(),
    ];
    const states = new Map<string, StateRow[]>();
    for (const state of stateRows) {
      states.set(state.countryCode, [...(states.get(state.countryCode) ?? []), state]);
    }
    return { countries: new Map(countryRows.map((row) => [row.code, row])), states };
  };
  const indexed = async () => {
    index ??= loadIndex();
    const loaded = await index.catch((error: unknown) => {
      index = null;
      throw error;
    });
    // Not seeded yet (a fresh database before its first seed): do not keep the empty answer.
    if (loaded.countries.size === 0) index = null;
    return loaded;
  };
  return {
    repository,
    /**
     * Lookups for address checks (orders' shipping address): `findCountry(code)` (ISO 3166-1
     * alpha-2) and `listStates(countryCode)` in name order, from memory after the first call.
     */
    lookup: {
      async findCountry(code: string): Promise<CountryRow | undefined> {
        return (await indexed()).countries.get(code);
      },
      async listStates(countryCode: string): Promise<StateRow[]> {
        return (await indexed()).states.get(countryCode) ?? [];
      },
    },
    routes: referenceRoutes(repository),
    /** Loads countries and states from `data/` once; later calls only confirm they are there. */
    async seedReferenceData(): Promise<{ countries: number; states: number }> {
      const { countries, states } = loadReferenceData();
      const present = await repository.countRows();
      // A complete earlier seed is left alone; a partial one is completed.
      if (present.countries !== countries.length || present.states !== states.length) {
        await repository.upsertAll(countries, states);
      }
      return { countries: countries.length, states: states.length };
    },
  };
};
export type ReferenceModule = ReturnType<typeof createReferenceModule>;
