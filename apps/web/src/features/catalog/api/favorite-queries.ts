import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  addFavorite,
  type FavoriteTarget,
  listFavorites,
  listMySuppliers,
  removeFavorite,
} from '@atelier/contract/catalog/favorite';
import { callApi } from '@/lib/api-client';
import { patchFavoriteFlag } from '../favorite-patch';
import { catalogKeys } from './catalog-keys';

export const favoritesQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.favorites(),
    queryFn: ({ signal }) => callApi(listFavorites, { signal }),
  });

export const useFavorites = () => useQuery(favoritesQueryOptions());

export const mySuppliersQueryOptions = (searchKey = '') =>
  queryOptions({
    queryKey: [...catalogKeys.mySuppliers(), searchKey],
    queryFn: ({ signal }) =>
      callApi(listMySuppliers, { query: { searchKey: searchKey || undefined }, signal }),
    placeholderData: (previous) => previous,
  });

export const useMySuppliers = (searchKey = '') => useQuery(mySuppliersQueryOptions(searchKey));

const patchCachedFavorite = (queryClient: QueryClient, id: string, value: boolean) => {
  for (const [queryKey, data] of queryClient.getQueriesData({ queryKey: catalogKeys.all })) {
    const patched = patchFavoriteFlag(data, id, value);
    if (patched !== data) queryClient.setQueryData(queryKey, patched);
  }
};

type ToggleFavoriteInput = FavoriteTarget & { isFavorite: boolean };

/**
 * Favourites or unfavourites a supplier or item. Optimistic: every cached copy shows the new
 * state at once and goes back if the server refuses.
 */
export const useToggleFavorite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isFavorite, ...target }: ToggleFavoriteInput) =>
      isFavorite
        ? callApi(addFavorite, { body: target })
        : callApi(removeFavorite, { params: { type: target.type, id: target.id } }),
    onMutate: ({ id, isFavorite }) => patchCachedFavorite(queryClient, id, isFavorite),
    onError: (_error, { id, isFavorite }) => patchCachedFavorite(queryClient, id, !isFavorite),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.favorites() }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.mySuppliers() }),
      ]),
  });
};
