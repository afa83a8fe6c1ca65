import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listCatalogItems } from '@atelier/contract/catalog/item';
import { listCustomProjects } from '@atelier/contract/sourcing/custom-project';
import { callApi } from '@/lib/api-client';
import { chatKeys } from './chat-keys';

/** The supplier's catalog items a store can send into the conversation (first 20 matches). */
export const useSupplierItemsToShare = (supplierId: string, searchKey: string) =>
  useQuery({
    queryKey: chatKeys.supplierItems(supplierId, searchKey),
    queryFn: ({ signal }) =>
      callApi(listCatalogItems, {
        query: { companyId: supplierId, searchKey: searchKey || undefined, size: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The store's custom project requests it can send to the supplier. */
export const useCustomProjectsToShare = () =>
  useQuery({
    queryKey: chatKeys.customProjects(),
    queryFn: ({ signal }) => callApi(listCustomProjects, { query: {}, signal }),
  });
