import type { CatalogCompany, ListCatalogCompaniesQuery } from '@atelier/contract/catalog/supplier';
import type { CatalogItem, ListCatalogItemsQuery } from '@atelier/contract/catalog/item';
import type { Clock } from '@/lib/clock';
import { AppError } from '@/lib/app-error';
import { decodeCursor, encodeCursor } from '@/lib/cursor';
import {
  toCatalogCompany,
  toCatalogItem,
  toCatalogItemOfSearch,
  type SupplierRow,
  type ItemRow,
} from './catalog.mappers';
import type { CatalogLookups } from './catalog-lookups';
import { searchWordsOf } from './catalog-filters.sql';
import type { SupplierRepository, SupplierSearch } from './supplier.repository';
import type { ItemRepository, ItemSearch } from './item.repository';
import type { ItemSearchRow } from './item-search.query';
import { cacheKey, type SearchCache } from './search-cache';
import type { SearchWordRepository } from './search-word.repository';

type CatalogSearchDeps = {
  suppliers: SupplierRepository;
  items: ItemRepository;
  words: SearchWordRepository;
  lookups: CatalogLookups;
  clock: Clock;
  cache: SearchCache;
};

/** Spec §9: product listings come 100 at a time. */
export const PRODUCT_LISTINGS_SIZE = 100;
const SIMILAR_ITEMS = 8;

type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * A suggestion's text with each word said once: a title made of a material and a product that
 * share a word ("Organic cotton denim" + "denim jacket") reads "Organic cotton denim jacket".
 * Words compare without case or the punctuation around them; the first one stays, and
 * punctuation a dropped last word leaves behind goes too.
 */
export const withoutRepeatedWords = (text: string): string => {
  const seen = new Set<string>();
  return text
    .split(/\s+/)
    .filter((word) => {
      const bare = word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      if (bare === '') return true;
      if (seen.has(bare)) return false;
      seen.add(bare);
      return true;
    })
    .join(' ')
    .replace(/[^\p{L}\p{N})]+$/u, '');
};

const supplierNotFound = () =>
  new AppError('not_found', 'No supplier with this id.', { reason: 'supplier_not_found' });
const itemNotFound = () =>
  new AppError('not_found', 'No catalog item with this id.', { reason: 'item_not_found' });

/**
 * Spec §7 catalog search: suppliers and items by text, filters (§9 buckets), sort and keyset
 * pages; counts, category facets, autocomplete, product listings, detail views and actions.
 * `storeId` marks the caller's favourites; it is undefined on public pages.
 */
export const createCatalogSearchService = ({
  suppliers,
  items,
  words,
  lookups,
  clock,
  cache,
}: CatalogSearchDeps) => {
  const supplierSearchOf = async (
    query: Omit<ListCatalogCompaniesQuery, 'sort' | 'size' | 'cursor'>,
  ): Promise<SupplierSearch> => {
    const { categoryIds, ...rest } = query;
    return categoryIds && categoryIds.length > 0
      ? { ...rest, subgroupIds: await lookups.expandToSubgroups(categoryIds) }
      : rest;
  };

  /** Bumped when a store's favourites change: its cached item pages (with flags) are dropped. */
  const favoritesGeneration = new Map<string, number>();

  /**
   * The search key with each misspelt word replaced by the catalog's closest word ("hoodeis
   * jakcet" → "hoodies jacket"); undefined when every word is known (the filters, not the words,
   * found nothing) or some word is like nothing the catalog holds. Cached like the answers, so
   * the list, its count and its facets check a key once.
   */
  const correctedSearchKey = (searchKey: string): Promise<string | undefined> =>
    cache.get(cacheKey('corrected-search-key', { searchKey }), async () => {
      const checks = await words.check(searchWordsOf(searchKey));
      if (checks.every((check) => check.isKnown)) return undefined;
      if (checks.some((check) => !check.isKnown && check.closest === null)) return undefined;
      return checks.map((check) => (check.isKnown ? check.word : check.closest!)).join(' ');
    });

  /**
   * Runs `find` with the search as asked and, when that finds nothing because of a misspelt
   * word, once more with the corrected key. Later pages carry on the same way: the key as asked
   * finds nothing after its cursor either, so they are corrected alike.
   */
  const withCorrection = async <S extends { searchKey?: string }, T>(
    search: S,
    find: (search: S) => Promise<T>,
    isEmpty: (found: T) => boolean,
  ): Promise<{ found: T; correctedSearchKey?: string }> => {
    const found = await find(search);
    if (!isEmpty(found) || search.searchKey === undefined) return { found };
    const corrected = await correctedSearchKey(search.searchKey);
    return corrected === undefined
      ? { found }
      : { found: await find({ ...search, searchKey: corrected }), correctedSearchKey: corrected };
  };

  const toSuppliers = async (
    rows: SupplierRow[],
    storeId: string | undefined,
  ): Promise<CatalogCompany[]> => {
    const [countryNames, favoriteSupplierIds] = await Promise.all([
      lookups.countryNames(),
      lookups.favoriteIds(
        storeId,
        'COMPANY',
        rows.map((row) => row.id),
      ),
    ]);
    const context = { countryNames, favoriteSupplierIds, now: clock.now() };
    return rows.map((row) => toCatalogCompany(row, context));
  };

  const toItems = async (rows: ItemRow[], storeId: string | undefined): Promise<CatalogItem[]> => {
    const [categories, supplierRows, favoriteItemIds] = await Promise.all([
      lookups.categories(),
      suppliers.findSummariesByIds([...new Set(rows.map((row) => row.companyId))]),
      lookups.favoriteIds(
        storeId,
        'ITEM',
        rows.map((row) => row.id),
      ),
    ]);
    const context = {
      categories,
      suppliers: new Map(supplierRows.map((row) => [row.id, row])),
      favoriteItemIds,
    };
    return rows.map((row) => toCatalogItem(row, context));
  };

  /** One page of item search rows (`size + 1` asked, to know whether a next page exists). */
  const itemPageOf = async (rows: ItemSearchRow[], size: number, sort: string) => {
    const { pageRows, nextCursor } = pageOf(
      rows,
      rows.map((row) => row.sortValue),
      size,
      sort,
    );
    const categories = await lookups.categories();
    return {
      items: pageRows.map((row) => toCatalogItemOfSearch(row, categories)),
      nextCursor,
    };
  };

  const pageOf = <Row extends { id: string }>(
    rows: Row[],
    sortValues: (string | number)[],
    size: number,
    sort: string,
  ) => {
    const hasMore = rows.length > size;
    const pageRows = rows.slice(0, size);
    const last = pageRows.length - 1;
    const nextCursor =
      hasMore && last >= 0
        ? encodeCursor({ sort, value: sortValues[last] ?? null, id: pageRows[last]!.id })
        : null;
    return { pageRows, nextCursor };
  };

  return {
    async searchSuppliers(
      query: ListCatalogCompaniesQuery,
      storeId?: string,
    ): Promise<Page<CatalogCompany>> {
      const { sort, size, cursor, ...filters } = query;
      const after = cursor ? decodeCursor(cursor, sort) : undefined;
      const now = clock.now();
      // "Online now" changes with the clock: its answers are cached within one minute only.
      const minute = sort === 'ONLINE_NOW' ? Math.floor(now.getTime() / 60_000) : undefined;
      const page = await cache.get(cacheKey('companies', { query, minute }), async () => {
        const { found } = await withCorrection(
          await supplierSearchOf(filters),
          (search) => suppliers.search(search, sort, size, after, now),
          (result) => result.rows.length === 0,
        );
        return pageOf(found.rows, found.sortValues, size, sort);
      });
      return { items: await toSuppliers(page.pageRows, storeId), nextCursor: page.nextCursor };
    },

    /** How many suppliers match; with the corrected key when misspelt words were corrected. */
    async countSuppliers(
      query: Omit<ListCatalogCompaniesQuery, 'sort' | 'size' | 'cursor'>,
    ): Promise<{ count: number; correctedSearchKey?: string }> {
      return cache.get(cacheKey('company-count', query), async () => {
        const { found, correctedSearchKey } = await withCorrection(
          await supplierSearchOf(query),
          (search) => suppliers.count(search),
          (count) => count === 0,
        );
        return correctedSearchKey === undefined
          ? { count: found }
          : { count: found, correctedSearchKey };
      });
    },

    async getSuppliers(ids: readonly string[], storeId?: string): Promise<CatalogCompany[]> {
      const rows = await suppliers.findByIds(ids);
      const order = new Map(ids.map((id, index) => [id, index]));
      rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return toSuppliers(rows, storeId);
    },

    async getSupplier(id: string, storeId?: string): Promise<CatalogCompany> {
      const row = await suppliers.findById(id);
      if (!row) throw supplierNotFound();
      const [supplier] = await toSuppliers([row], storeId);
      return supplier!;
    },

    async countryInfo() {
      const [rows, countryNames] = await Promise.all([
        suppliers.countByCountry(),
        lookups.countryNames(),
      ]);
      return rows.map((row) => ({
        countryCode: row.countryCode,
        countryName: countryNames.get(row.countryCode) ?? row.countryCode,
        regionCode: row.regionCode as CatalogCompany['regionCode'],
        supplierCount: row.count,
      }));
    },

    async recordSupplierAction(id: string, action: 'RECOMMEND' | 'DETAIL_VIEW'): Promise<void> {
      if (!(await suppliers.recordAction(id, action))) throw supplierNotFound();
    },

    /**
     * Spec §7 item search: one statement per page (items, their suppliers, the store's
     * favourites); a search whose words find nothing is retried once with misspelt words
     * corrected against the catalog's vocabulary.
     */
    async searchItems(query: ListCatalogItemsQuery, storeId?: string): Promise<Page<CatalogItem>> {
      const { sort, size, cursor, ...filters } = query;
      const after = cursor ? decodeCursor(cursor, sort) : undefined;
      // The rows carry the store's favourite flags, so a cached answer is the store's own.
      const generation = storeId ? (favoritesGeneration.get(storeId) ?? 0) : 0;
      return cache.get(cacheKey('items', { query, storeId, generation }), async () =>
        itemPageOf(
          (
            await withCorrection(
              filters,
              (search) => items.search(search, sort, size + 1, after, storeId),
              (rows) => rows.length === 0,
            )
          ).found,
          size,
          sort,
        ),
      );
    },

    /** A store's favourites changed in this process: its cached item pages are not reused. */
    forgetStoreAnswers(storeId: string): void {
      favoritesGeneration.set(storeId, (favoritesGeneration.get(storeId) ?? 0) + 1);
    },

    /** How many items match; with the corrected key when misspelt words were corrected. */
    async countItems(query: ItemSearch): Promise<{ count: number; correctedSearchKey?: string }> {
      return cache.get(cacheKey('item-count', query), async () => {
        const { found, correctedSearchKey } = await withCorrection(
          query,
          (search) => items.count(search),
          (count) => count === 0,
        );
        return correctedSearchKey === undefined
          ? { count: found }
          : { count: found, correctedSearchKey };
      });
    },

    /** Facets: matching items per vertical, group and subgroup, biggest first. */
    async categoryGroups(query: ItemSearch) {
      const [counts, categories] = await Promise.all([
        cache.get(cacheKey('item-facets', query), () =>
          withCorrection(
            query,
            (search) => items.countByCategory(search),
            (facets) => facets.length === 0,
          ).then((corrected) => corrected.found),
        ),
        lookups.categories(),
      ]);
      return counts
        .flatMap(({ categoryId, count }) => {
          const category = categories.get(categoryId);
          return category
            ? [
                {
                  categoryId,
                  name: category.name,
                  level: category.level,
                  parentId: category.parentId,
                  count,
                },
              ]
            : [];
        })
        .sort((a, b) => a.level - b.level || b.count - a.count || a.name.localeCompare(b.name));
    },

    async getItem(id: string, storeId?: string) {
      const row = await items.findById(id);
      if (!row) throw itemNotFound();
      const similar = await items.findSimilar(row, SIMILAR_ITEMS);
      const [item, ...similarItems] = await toItems([row, ...similar], storeId);
      return { ...item!, similarItems };
    },

    async getPublicItem(id: string) {
      const row = await items.findById(id);
      if (!row) throw itemNotFound();
      const [item] = await toItems([row], undefined);
      return item!;
    },

    async recordItemAction(id: string, action: 'RECOMMEND' | 'DETAIL_VIEW'): Promise<void> {
      if (!(await items.recordAction(id, action))) throw itemNotFound();
    },

    /** Spec §9: size 100, newest first (then rank), no sample kits. */
    async productListings(
      cursor: string | undefined,
      storeId?: string,
    ): Promise<Page<CatalogItem>> {
      const after = cursor ? decodeCursor(cursor, 'NEWEST') : undefined;
      const rows = await items.search(
        { kind: 'PRODUCT', excludeSampleKits: true },
        'NEWEST',
        PRODUCT_LISTINGS_SIZE + 1,
        after,
        storeId,
      );
      return itemPageOf(rows, PRODUCT_LISTINGS_SIZE, 'NEWEST');
    },

    /**
     * Autocomplete: categories, item titles and supplier names that match what was typed; an
     * item title is suggested with each word once (withoutRepeatedWords).
     */
    async suggest(searchKey: string, size: number) {
      const needle = searchKey.trim().toLowerCase();
      const [categories, titles, names, stocked] = await Promise.all([
        lookups.categories(),
        items.suggestTitles(searchKey, size),
        suppliers.suggestNames(searchKey, size),
        // Only categories that hold items are worth suggesting.
        cache.get(cacheKey('item-facets', {}), () => items.countByCategory({})),
      ]);
      const stockedIds = new Set(stocked.map((facet) => facet.categoryId));
      const categoryMatches = [...categories.values()]
        .filter(
          (category) => stockedIds.has(category.id) && category.name.toLowerCase().includes(needle),
        )
        .sort(
          (a, b) =>
            Number(!a.name.toLowerCase().startsWith(needle)) -
              Number(!b.name.toLowerCase().startsWith(needle)) || a.level - b.level,
        )
        .slice(0, 3)
        .map((category) => ({
          type: 'CATEGORY' as const,
          text: category.name,
          id: String(category.id),
        }));
      // Titles that read alike once their repeated words are gone are suggested once.
      const itemTexts = new Set<string>();
      const itemMatches = titles.flatMap((title) => {
        const text = withoutRepeatedWords(title.title);
        if (itemTexts.has(text.toLowerCase())) return [];
        itemTexts.add(text.toLowerCase());
        return [{ type: 'ITEM' as const, text, id: title.id }];
      });
      const suggestions = [
        ...categoryMatches,
        ...itemMatches,
        ...names.map((name) => ({ type: 'SUPPLIER' as const, text: name.name, id: name.id })),
      ];
      return suggestions.slice(0, size);
    },
  };
};
export type CatalogSearchService = ReturnType<typeof createCatalogSearchService>;
