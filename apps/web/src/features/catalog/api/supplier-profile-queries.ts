import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { uploadPartnerFile } from '@atelier/contract/chat/partner';
import { ApiErrorSchema, ERROR_MESSAGES } from '@atelier/contract/common/errors';
import {
  getOwnSupplierProfile,
  type SupplierProfile,
  updateOwnSupplierProfile,
  type UpdateSupplierProfileInput,
} from '@atelier/contract/catalog/supplier-profile';
import { listCatalogCategories } from '@atelier/contract/catalog/category';
import {
  createOwnSupplierItem,
  deleteOwnSupplierItem,
  listOwnSupplierItems,
  type SupplierItemInput,
  updateOwnSupplierItem,
  type UpdateSupplierItemInput,
} from '@atelier/contract/catalog/supplier-item';
import {
  MAX_UPLOAD_BYTES,
  type UploadedFile,
  UploadedFileSchema,
} from '@atelier/contract/files/file';
import { callPartnerApi } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { browserPartnerTokenStore } from '@/lib/session-token';

export const supplierProfileKeys = {
  all: ['supplier-profile'] as const,
  own: () => [...supplierProfileKeys.all, 'own'] as const,
};

/** Issue 10: the signed-in supplier's own profile (supplier workspace). */
export const useOwnSupplierProfile = () =>
  useQuery({
    queryKey: supplierProfileKeys.own(),
    queryFn: ({ signal }) => callPartnerApi(getOwnSupplierProfile, { signal }),
  });

export const useUpdateOwnSupplierProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSupplierProfileInput) =>
      callPartnerApi(updateOwnSupplierProfile, { body, shouldToastError: false }),
    onSuccess: (profile) =>
      queryClient.setQueryData<SupplierProfile>(supplierProfileKeys.own(), profile),
  });
};

/**
 * Uploads one image as the signed-in supplier (the files module checks type and content, 20 MB
 * cap). Rejects with an ApiError carrying the server's message.
 */
export const uploadProfileImage = async (file: File): Promise<UploadedFile> => {
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new ApiError({
      status: 413,
      code: 'payload_too_large',
      message: 'Files can be at most 20 MB.',
    });
  }
  const form = new FormData();
  form.append('file', file, file.name);
  const token = browserPartnerTokenStore.getToken();
  let response: Response;
  try {
    response = await fetch(uploadPartnerFile.path, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: form,
    });
  } catch {
    throw new ApiError({ status: null, code: 'network_error', message: ERROR_MESSAGES.network });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(body);
    if (parsed.success) {
      const { code, message, reason, details, requestId } = parsed.data.error;
      throw new ApiError({ status: response.status, code, message, reason, details, requestId });
    }
    throw new ApiError({
      status: response.status,
      code: response.status >= 500 ? 'internal' : 'bad_request',
      message: ERROR_MESSAGES.generic,
    });
  }
  return UploadedFileSchema.parse(body);
};

export const supplierItemKeys = {
  all: ['supplier-items'] as const,
  own: () => [...supplierItemKeys.all, 'own'] as const,
};

/** Issue 10: the signed-in supplier's catalogue items, newest first. */
export const useOwnSupplierItems = () =>
  useQuery({
    queryKey: supplierItemKeys.own(),
    queryFn: ({ signal }) => callPartnerApi(listOwnSupplierItems, { signal }),
  });

/** Adds (no `id`) or changes (the fields given) one of the supplier's items. */
export const useSaveOwnSupplierItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: UpdateSupplierItemInput }) =>
      id === undefined
        ? callPartnerApi(createOwnSupplierItem, {
            body: body as SupplierItemInput,
            shouldToastError: false,
          })
        : callPartnerApi(updateOwnSupplierItem, { params: { id }, body, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierItemKeys.all }),
  });
};

export const useDeleteOwnSupplierItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callPartnerApi(deleteOwnSupplierItem, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierItemKeys.all }),
  });
};

/** The category tree's subgroups (level 3), for the item form's category choice. */
export const useSubgroupCategories = () =>
  useQuery({
    queryKey: ['catalog-categories', 'level-3'],
    queryFn: ({ signal }) => callPartnerApi(listCatalogCategories, { query: { level: 3 }, signal }),
    staleTime: Infinity,
  });
