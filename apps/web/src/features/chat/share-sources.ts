import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { CatalogItem } from '@atelier/contract/catalog/item';
import type { CustomProject } from '@atelier/contract/sourcing/custom-project';

/**
 * What a store can send into a conversation besides text, read through the queries of the
 * features that own it (the route passes them in), so each resource keeps one query key.
 */
export type ChatShareSources = {
  /** The store's custom project requests. */
  useCustomProjects: () => UseQueryResult<{ items: CustomProject[] }>;
  /** The supplier's catalog items matching `searchKey` (empty: all), the first 20. */
  useSupplierItems: (
    supplierId: string,
    searchKey: string,
  ) => UseInfiniteQueryResult<InfiniteData<{ items: CatalogItem[] }>>;
};
