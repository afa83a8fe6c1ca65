import { ApiErrorSchema, ERROR_MESSAGES } from '@atelier/contract/common/errors';
import {
  MAX_UPLOAD_BYTES,
  type UploadedFile,
  UploadedFileSchema,
} from '@atelier/contract/files/file';
import { MAX_FILE_NAME_LENGTH } from '@atelier/contract/files/file-name';
import { ApiError } from '@/lib/api-error';
import type { ChatClient } from '../chat-client';

const TOO_LARGE_MESSAGE = 'Files can be at most 20 MB.';
const NAME_TOO_LONG_MESSAGE = `File names can have at most ${MAX_FILE_NAME_LENGTH} characters. Rename the file and upload it again.`;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const uploadError = (status: number, body: unknown): ApiError => {
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

type UploadOptions = {
  /** Share of the bytes sent, 0 to 1. */
  onProgress: (share: number) => void;
  signal?: AbortSignal;
};

/**
 * Uploads one file as the side's user (multipart part `file`). XMLHttpRequest rather than
 * fetch, because only it reports upload progress. A refused file rejects with the server's
 * message (spec §5 types, 20 MB cap, 200-character names; the last two checked here first, so
 * nothing is sent) and stores nothing.
 */
export const uploadChatFile = (
  client: ChatClient,
  file: File,
  { onProgress, signal }: UploadOptions,
): Promise<UploadedFile> =>
  new Promise((resolve, reject) => {
    if (file.size > MAX_UPLOAD_BYTES) {
      reject(new ApiError({ status: 413, code: 'payload_too_large', message: TOO_LARGE_MESSAGE }));
      return;
    }
    if (file.name.length > MAX_FILE_NAME_LENGTH) {
      const reason = 'file_name_too_long';
      reject(
        new ApiError({ status: 400, code: 'bad_request', reason, message: NAME_TOO_LONG_MESSAGE }),
      );
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', client.endpoints.uploadFile.path);
    request.setRequestHeader('Accept', 'application/json');
    const token = client.getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(uploadError(request.status, body));
        return;
      }
      const parsed = UploadedFileSchema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(uploadError(request.status, undefined));
    };
    request.onerror = () =>
      reject(
        new ApiError({ status: null, code: 'network_error', message: ERROR_MESSAGES.network }),
      );
    request.onabort = () => reject(new DOMException('Upload cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });

/**
 * The bytes of an attachment. Download links need the session's bearer token, so files are
 * fetched here and shown through object URLs rather than linked directly.
 */
export const fetchChatFile = async (
  client: ChatClient,
  url: string,
  signal?: AbortSignal,
): Promise<Blob> => {
  const token = client.getToken();
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: signal ?? null,
  });
  if (!response.ok) throw new Error(`The file could not be loaded (${response.status}).`);
  return response.blob();
};

/**
 * Saves an attachment under its name through a temporary object URL, typed as plain bytes so
 * that a browser that opened it instead of saving it would never render it as a page or image.
 */
export const saveChatFile = async (client: ChatClient, url: string, name: string) => {
  const blob = await fetchChatFile(client, url);
  const objectUrl = URL.createObjectURL(new Blob([blob], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
};
