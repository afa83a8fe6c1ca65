import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { uploadPartnerFile } from '@atelier/contract/chat/partner';
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
import type { UploadedFile } from '@atelier/contract/files/file';
import { callPartnerApi } from '@/lib/api-client';
import { uploadFileTo } from '@/lib/file-upload';
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

/** Uploads one image as the signed-in supplier (the files module checks type and content). */
export const uploadProfileImage = (file: File): Promise<UploadedFile> =>
  uploadFileTo(uploadPartnerFile.path, browserPartnerTokenStore, file);

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
