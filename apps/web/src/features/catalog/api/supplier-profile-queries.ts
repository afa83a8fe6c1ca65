import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { uploadPartnerFile } from '@atelier/contract/chat/partner';
import { ApiErrorSchema, ERROR_MESSAGES } from '@atelier/contract/common/errors';
import {
  getOwnSupplierProfile,
  type SupplierProfile,
  updateOwnSupplierProfile,
  type UpdateSupplierProfileInput,
} from '@atelier/contract/catalog/supplier-profile';
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
