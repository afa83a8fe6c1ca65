import type { Database } from '@/db/client';
import { loadCategoryTree } from './category.data';
import { createCategoryRepository } from './category.repository';
import { categoryRoutes } from './category.routes';

/** Catalog module: for now the category tree (suppliers and items arrive with issue #3). */
export const createCatalogModule = ({ db }: { db: Database }) => {
  const categories = createCategoryRepository(db);
  return {
    categories,
    routes: categoryRoutes(categories),
    /** Loads the category tree from `data/`; idempotent. */
    async seedCategories(): Promise<number> {
      const rows = loadCategoryTree();
      const { total } = await categories.list({ offset: 0, limit: 1 });
      if (total !== rows.length) await categories.upsertAll(rows);
      return rows.length;
    },
  };
};
export type CatalogModule = ReturnType<typeof createCatalogModule>;
