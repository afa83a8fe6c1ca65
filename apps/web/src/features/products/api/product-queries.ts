import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  archiveProduct,
  createProduct,
  exportProducts,
  getProduct,
  listProducts,
  type Product,
  type ProductInput,
  type ProductStatus,
  unarchiveProduct,
  updateProduct,
} from '@atelier/contract/sales/product';
import { callApi } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};

/** What the /inventory list shows: the status tab and the search. */
export type ProductListParams = { status: ProductStatus; search: string };

/** GET /api/web/products, one keyset page after another ("Load more"). */
export const productsInfiniteQueryOptions = ({ status, search }: ProductListParams) =>
  infiniteQueryOptions({
    queryKey: productKeys.list({ status, search }),
    queryFn: ({ pageParam, signal }) =>
      callApi(listProducts, {
        query: { status, search: search || undefined, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The counts and rows of the previous search stay on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useProducts = (params: ProductListParams) =>
  useInfiniteQuery(productsInfiniteQueryOptions(params));

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    // The page says itself when the product is not there; no toast on top of it.
    queryFn: ({ signal }) =>
      callApi(getProduct, { params: { id }, signal, shouldToastError: false }),
  });

export const useProduct = (id: string) => useQuery(productQueryOptions(id));

/** Keeps a product the server answered with, and has the lists read again. */
const useStoreProduct = () => {
  const queryClient = useQueryClient();
  return async (product: Product) => {
    queryClient.setQueryData(productKeys.detail(product.id), product);
    await queryClient.invalidateQueries({ queryKey: productKeys.lists() });
  };
};

/**
 * Saves the editor: creates a product (`id` undefined) or replaces one. Errors are the form's
 * to show (field details, 409 `sku_taken`), so no toast.
 */
export const useSaveProduct = () => {
  const storeProduct = useStoreProduct();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | undefined; body: ProductInput }) =>
      id
        ? callApi(updateProduct, { params: { id }, body, shouldToastError: false })
        : callApi(createProduct, { body, shouldToastError: false }),
    onSuccess: storeProduct,
  });
};

/** Archives (`isArchived` true) or unarchives a product. */
export const useSetProductArchived = (id: string) => {
  const storeProduct = useStoreProduct();
  return useMutation({
    mutationFn: (isArchived: boolean) =>
      isArchived
        ? callApi(archiveProduct, { params: { id } })
        : callApi(unarchiveProduct, { params: { id } }),
    onSuccess: storeProduct,
  });
};

/** Saves the products of a status as CSV (Shopify's product layout). */
export const downloadProductsCsv = (params: ProductListParams): Promise<void> => {
  const query = new URLSearchParams({ status: params.status });
  if (params.search) query.set('search', params.search);
  return downloadWithSession(`${exportProducts.path}?${query.toString()}`, 'products.csv');
};
