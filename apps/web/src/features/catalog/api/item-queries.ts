import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CatalogItemKind } from '@atelier/contract/catalog/supplier';
import type { ItemSort } from '@atelier/contract/catalog/filters';
import {
  countCatalogItems,
  getCatalogItem,
  getCatalogItemCategoryGroups,
  getPublicCatalogItem,
  listCatalogItems,
  recordItemAction,
  suggestAutoComplete,
} from '@atelier/contract/catalog/item';
import { callApi } from '@/lib/api-client';
import type { FilterQueryInput } from '../search-query';
import { catalogKeys } from './catalog-keys';
import { keysetPaging } from './keyset-paging';

export type ItemSearchQuery = FilterQueryInput & {
  sort?: ItemSort;
  kind?: CatalogItemKind;
  companyId?: string;
  size?: number;
};

export const itemSearchQueryOptions = (query: ItemSearchQuery) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.items(query),
    queryFn: ({ pageParam, signal }) =>
      callApi(listCatalogItems, { query: { ...query, cursor: pageParam }, signal }),
    ...keysetPaging,
    placeholderData: keepPreviousData,
  });

export const useItemSearch = (query: ItemSearchQuery, options: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...itemSearchQueryOptions(query), enabled: options.enabled ?? true });

export const useItemCount = (
  query: Omit<ItemSearchQuery, 'sort' | 'size'>,
  options: { enabled?: boolean } = {},
) =>
  useQuery({
    queryKey: catalogKeys.itemCount(query),
    queryFn: ({ signal }) => callApi(countCatalogItems, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });

const ITEM_ID = /^itm_[a-z0-9]+$/;

/** One item with its similar items; `null` for an id that cannot exist. */
export const catalogItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: catalogKeys.item(id),
    queryFn: ({ signal }) =>
      ITEM_ID.test(id)
        ? callApi(getCatalogItem, { params: { id }, signal, shouldToastError: false })
        : null,
    retry: false,
  });

export const useCatalogItem = (id: string) => useQuery(catalogItemQueryOptions(id));

export const publicCatalogItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: catalogKeys.publicItem(id),
    queryFn: ({ signal }) =>
      ITEM_ID.test(id)
        ? callApi(getPublicCatalogItem, { params: { id }, signal, shouldToastError: false })
        : null,
    retry: false,
  });

export const usePublicCatalogItem = (id: string) => useQuery(publicCatalogItemQueryOptions(id));

/** Items per vertical, group and subgroup for the filters of a search. */
export const categoryFacetsQueryOptions = (query: FilterQueryInput = {}) =>
  queryOptions({
    queryKey: catalogKeys.facets(query),
    queryFn: ({ signal }) => callApi(getCatalogItemCategoryGroups, { query, signal }),
    placeholderData: (previous) => previous,
    staleTime: 5 * 60_000,
  });

export const useCategoryFacets = (query: FilterQueryInput = {}) =>
  useQuery(categoryFacetsQueryOptions(query));

/** Suggestions for the search box; the caller debounces `searchKey`. */
export const useSuggestions = (searchKey: string) =>
  useQuery({
    queryKey: catalogKeys.suggestions(searchKey),
    queryFn: ({ signal }) =>
      callApi(suggestAutoComplete, {
        query: { searchKey, size: 10 },
        signal,
        shouldToastError: false,
      }),
    enabled: searchKey.trim().length >= 2,
    placeholderData: (previous) => previous,
    staleTime: 5 * 60_000,
  });

/** Records one DETAIL_VIEW of an item per page visit. */
export const useRecordItemView = (id: string | undefined) => {
  const recorded = useRef<string | null>(null);
  const { mutate } = useMutation({
    mutationFn: (itemId: string) =>
      callApi(recordItemAction, {
        params: { id: itemId },
        body: { action: 'DETAIL_VIEW' },
        shouldToastError: false,
      }),
  });
  useEffect(() => {
    if (!id || recorded.current === id) return;
    recorded.current = id;
    mutate(id);
  }, [id, mutate]);
};
