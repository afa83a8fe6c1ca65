import { useEffect, useState } from 'react';
import { ApiErrorSchema, ERROR_MESSAGES } from '@atelier/contract/common/errors';
import {
  isFileUrl,
  MAX_UPLOAD_BYTES,
  type UploadedFile,
  UploadedFileSchema,
  uploadFile,
} from '@atelier/contract/files/file';
import { MAX_FILE_NAME_LENGTH } from '@atelier/contract/files/file-name';
import { ApiError } from './api-error';
import { browserTokenStore, type TokenStore } from './session-token';

const TOO_LARGE_MESSAGE = 'Files can be at most 20 MB.';
const NAME_TOO_LONG_MESSAGE = `File names can have at most ${MAX_FILE_NAME_LENGTH} characters. Rename the file and upload it again.`;

const bearer = (tokenStore: TokenStore = browserTokenStore): Record<string, string> => {
  const token = tokenStore.getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/**
 * Why `file` cannot be uploaded before anything is sent (the 20 MB cap, the 200-character name),
 * or `null`. Every upload (chat, avatar, supplier pictures) asks this first.
 */
export const refuseUpload = (file: File): ApiError | null => {
  if (file.size > MAX_UPLOAD_BYTES) {
    return new ApiError({ status: 413, code: 'payload_too_large', message: TOO_LARGE_MESSAGE });
  }
  if (file.name.length > MAX_FILE_NAME_LENGTH) {
    return new ApiError({
      status: 400,
      code: 'bad_request',
      reason: 'file_name_too_long',
      message: NAME_TOO_LONG_MESSAGE,
    });
  }
  return null;
};

/** The ApiError of a refused upload: the server's error body, else a message for its status. */
export const uploadError = (status: number, body: unknown): ApiError => {
  const parsed = ApiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, reason, details, requestId } = parsed.data.error;
    return new ApiError({ status, code, message, reason, details, requestId });
  }
  return new ApiError({
    status,
    code: status >= 500 ? 'internal' : 'bad_request',
    message: status === 413 ? TOO_LARGE_MESSAGE : ERROR_MESSAGES.generic,
  });
};

/**
 * Uploads one file (multipart part `file`) to `path` as the holder of `tokenStore`'s session,
 * for uses without a progress bar (chat uploads with progress through XMLHttpRequest). Refused
 * files reject with `refuseUpload`'s or the server's ApiError; nothing is stored then.
 */
export const uploadFileTo = async (
  path: string,
  tokenStore: TokenStore,
  file: File,
): Promise<UploadedFile> => {
  const refusal = refuseUpload(file);
  if (refusal) throw refusal;
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { Accept: 'application/json', ...bearer(tokenStore) },
      body: form,
    });
  } catch {
    throw new ApiError({ status: null, code: 'network_error', message: ERROR_MESSAGES.network });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = UploadedFileSchema.safeParse(body);
    if (parsed.success) return parsed.data;
  }
  throw uploadError(response.status, response.ok ? undefined : body);
};

/** Uploads one file as the signed-in store (`uploadFile`), e.g. an avatar. */
export const uploadStoreFile = (file: File): Promise<UploadedFile> =>
  uploadFileTo(uploadFile.path, browserTokenStore, file);

/**
 * Where an `<img>` shows a store image from: an uploaded file's bytes need the session's bearer
 * token, so they are fetched and shown through an object URL (released when the URL changes or
 * the component goes); a plain link is used as it is; `null` while loading, on failure or for
 * no image. Only raster images are uploaded for display (AVATAR_EXTENSIONS), never SVG.
 */
export const useStoreImageUrl = (url: string | null): string | null => {
  const isFile = url !== null && isFileUrl(url);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url || !isFile) return undefined;
    const controller = new AbortController();
    let created: string | null = null;
    fetch(url, { headers: bearer(), signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => setObjectUrl(null));
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
      setObjectUrl(null);
    };
  }, [url, isFile]);
  return isFile ? objectUrl : url;
};
