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
import { browserTokenStore } from './session-token';

const TOO_LARGE_MESSAGE = 'Files can be at most 20 MB.';

const bearer = (): Record<string, string> => {
  const token = browserTokenStore.getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/**
 * Uploads one file as the signed-in store (`uploadFile`, multipart part `file`), for a use other
 * than chat (chat uploads with progress, in its feature). The size cap and name length are
 * checked here first, so nothing is sent; the server checks the type by extension and content.
 * Rejects with an ApiError carrying the server's message and reason.
 */
export const uploadStoreFile = async (file: File): Promise<UploadedFile> => {
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new ApiError({ status: 413, code: 'payload_too_large', message: TOO_LARGE_MESSAGE });
  }
  if (file.name.length > MAX_FILE_NAME_LENGTH) {
    throw new ApiError({
      status: 400,
      code: 'bad_request',
      reason: 'file_name_too_long',
      message: `File names can have at most ${MAX_FILE_NAME_LENGTH} characters.`,
    });
  }
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(uploadFile.path, {
      method: 'POST',
      headers: { Accept: 'application/json', ...bearer() },
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
  const error = ApiErrorSchema.safeParse(body);
  if (error.success) {
    const { code, message, reason, details, requestId } = error.data.error;
    throw new ApiError({ status: response.status, code, message, reason, details, requestId });
  }
  throw new ApiError({
    status: response.status,
    code: response.status >= 500 ? 'internal' : 'bad_request',
    message: response.status === 413 ? TOO_LARGE_MESSAGE : ERROR_MESSAGES.generic,
  });
};

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
