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
import { browserTokenStore } from '@/lib/session-token';

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

const fileNameOf = (response: Response, fallback: string): string =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/**
 * Saves the products of a status as CSV (Shopify's product layout). The download needs the
 * session's bearer token, so the bytes are fetched here and handed over through an object URL.
 */
export const downloadProductsCsv = async (params: ProductListParams): Promise<void> => {
  const token = browserTokenStore.getToken();
  const query = new URLSearchParams({ status: params.status });
  if (params.search) query.set('search', params.search);
  const response = await fetch(`${exportProducts.path}?${query.toString()}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`The file could not be downloaded (${response.status}).`);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileNameOf(response, 'products.csv');
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
};
