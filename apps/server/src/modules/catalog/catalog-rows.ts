import { fnv1a64Hex } from '@/lib/seeded-random';
import { loadReferenceData, type CountryRow } from '@/modules/reference';
import { loadCategoryTree } from './category.data';
import type { CategoryRow } from './category.repository';
import type { catalogCompanies } from './supplier.table';
import { normalizeSupplierName } from './supplier-identity';
import type { catalogItems } from './item.table';

/** Rows as written by the seed and the supplier import. */
export type SupplierInsert = typeof catalogCompanies.$inferInsert;
export type ItemInsert = typeof catalogItems.$inferInsert;

/** The reference data the catalog rows are built against: countries and categories by id. */
export type CatalogReference = {
  countries: ReadonlyMap<string, CountryRow>;
  categories: ReadonlyMap<number, CategoryRow>;
};

/** Reads the countries and the category tree from `data/` (no database needed). */
export const loadCatalogReference = (): CatalogReference => ({
  countries: new Map(loadReferenceData().countries.map((country) => [country.code, country])),
  categories: new Map(loadCategoryTree().map((category) => [category.id, category])),
});

/** A stable item id from its supplier and title: re-importing the same item updates it. */
export const itemIdOf = (companyId: string, title: string): string =>
  `itm_${fnv1a64Hex(`${companyId}|${normalizeSupplierName(title)}`)}`;

/** Local time from the longitude, one hour per 15° (a rough stand-in for the time zone). */
export const utcOffsetMinutesOf = (longitude: number | null | undefined): number =>
  longitude === null || longitude === undefined ? 0 : Math.round(longitude / 15) * 60 || 0;

/** The category and its ancestors, vertical first: [vertical id, group id, subgroup id]. */
export const categoryPathOf = (
  categoryId: number,
  categories: CatalogReference['categories'],
): number[] => {
  const path: number[] = [];
  let current = categories.get(categoryId);
  while (current) {
    path.unshift(current.id);
    current = current.parentId === null ? undefined : categories.get(current.parentId);
  }
  return path;
};

/** The words of a category's path, for full-text search: "Apparel & Accessories Clothing Pants". */
export const categoryWordsOf = (
  categoryIds: readonly number[],
  categories: CatalogReference['categories'],
): string =>
  [...new Set(categoryIds.flatMap((id) => categories.get(id)?.path.split(' > ') ?? []))].join(' ');

export const searchTextOf = (parts: readonly (string | null | undefined)[]): string =>
  parts
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
