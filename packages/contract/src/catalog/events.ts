import { z } from 'zod';

/** Domain events the catalog module publishes (issue 8). The aggregate is the store. */
export const catalogEvents = {
  /** A store added or removed favourites (items or suppliers). */
  'catalog.favorites.changed': z.object({ storeId: z.string() }),
} as const;
