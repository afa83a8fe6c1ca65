import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import { type UploadedFile, UploadedFileSchema } from '@atelier/contract/files/file';
import { ApiError } from '@/lib/api-error';
import { refuseUpload, uploadError } from '@/lib/file-upload';
import type { ChatClient } from '../chat-client';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
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
    const refusal = refuseUpload(file);
    if (refusal) {
      reject(refusal);
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
