import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  countCatalogCompanies,
  getCatalogCompanies,
  getCompanyCountryInfo,
  getPublicCatalogCompany,
  listCatalogCompanies,
  recordCompanyAction,
  type SupplierOffering,
} from '@atelier/contract/catalog/supplier';
import type { SupplierSort } from '@atelier/contract/catalog/filters';
import { callApi } from '@/lib/api-client';
import type { FilterQueryInput } from '../search-query';
import { catalogKeys } from './catalog-keys';
import { keysetPaging } from './keyset-paging';

export type SupplierSearchQuery = FilterQueryInput & {
  sort?: SupplierSort;
  offering?: SupplierOffering;
  size?: number;
};

/** Supplier search, one keyset page after another (`nextCursor` goes back as `cursor`). */
export const supplierSearchQueryOptions = (query: SupplierSearchQuery) =>
  infiniteQueryOptions({
    queryKey: catalogKeys.suppliers(query),
    queryFn: ({ pageParam, signal }) =>
      callApi(listCatalogCompanies, { query: { ...query, cursor: pageParam }, signal }),
    ...keysetPaging,
    placeholderData: keepPreviousData,
  });

export const useSupplierSearch = (
  query: SupplierSearchQuery,
  options: { enabled?: boolean } = {},
) => useInfiniteQuery({ ...supplierSearchQueryOptions(query), enabled: options.enabled ?? true });

export const useSupplierCount = (
  query: Omit<SupplierSearchQuery, 'sort' | 'size'>,
  options: { enabled?: boolean } = {},
) =>
  useQuery({
    queryKey: catalogKeys.supplierCount(query),
    queryFn: ({ signal }) => callApi(countCatalogCompanies, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });

const SUPPLIER_ID = /^cmp_[a-z0-9]+$/;

/** One supplier for a signed-in store; `null` when there is no such supplier. */
export const supplierQueryOptions = (id: string) =>
  queryOptions({
    queryKey: catalogKeys.supplier(id),
    queryFn: async ({ signal }) => {
      if (!SUPPLIER_ID.test(id)) return null;
      const { items } = await callApi(getCatalogCompanies, { params: { ids: id }, signal });
      return items[0] ?? null;
    },
  });

export const useSupplier = (id: string) => useQuery(supplierQueryOptions(id));

/** One supplier for the public preview page (no session needed). */
export const publicSupplierQueryOptions = (id: string) =>
  queryOptions({
    queryKey: catalogKeys.publicSupplier(id),
    queryFn: ({ signal }) =>
      callApi(getPublicCatalogCompany, { params: { id }, signal, shouldToastError: false }),
    retry: false,
  });

export const usePublicSupplier = (id: string) => useQuery(publicSupplierQueryOptions(id));

/** Countries that have suppliers, with their counts. */
export const useCountryInfo = () =>
  useQuery({
    queryKey: catalogKeys.countryInfo(),
    queryFn: ({ signal }) => callApi(getCompanyCountryInfo, { signal }),
    staleTime: 10 * 60_000,
  });

/** Records one DETAIL_VIEW of a supplier per page visit (it feeds "featured"). */
export const useRecordSupplierView = (id: string | undefined) => {
  const recorded = useRef<string | null>(null);
  const { mutate } = useMutation({
    mutationFn: (companyId: string) =>
      callApi(recordCompanyAction, {
        params: { id: companyId },
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

/** Suppliers whose name matches, for a picker (first page only). */
export const useSupplierPickerOptions = (searchKey: string) =>
  useQuery({
    queryKey: catalogKeys.supplierPicker(searchKey),
    queryFn: ({ signal }) =>
      callApi(listCatalogCompanies, {
        query: { searchKey: searchKey || undefined, size: 20 },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
