import type { Database } from '@/db/client';
import { loadReferenceData } from './reference.data';

export { loadReferenceData };
export type { CountryRow, StateRow } from './reference.repository';
import { createReferenceRepository } from './reference.repository';
import { referenceRoutes } from './reference.routes';

/** Countries, regions and states: reference data every other module reads. */
export const createReferenceModule = ({ db }: { db: Database }) => {
  const repository = createReferenceRepository(db);
  return {
    repository,
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
