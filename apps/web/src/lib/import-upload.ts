import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import { isImportFileName } from '@atelier/contract/sales/order-import';
import { ApiError } from './api-error';
import { uploadError } from './file-upload';
import { browserTokenStore } from './session-token';

/**
 * Uploads of import files (issue 11: orders, products): a .csv or .txt file, plain or compressed
 * as .gz or .br, sent with its progress and answered with the file's preview.
 */

export { IMPORT_FILE_EXTENSIONS, isImportFileName } from '@atelier/contract/sales/order-import';

export const IMPORT_FILE_TYPE_MESSAGE =
  'Choose a .csv or .txt file (plain, or compressed as .gz or .br).';

/** Where one kind of import file goes: its endpoint, the preview's schema, its name and cap. */
export type ImportUploadTarget<T> = {
  path: string;
  schema: z.ZodType<T>;
  /** "Order", "Product": in messages. */
  noun: string;
  maxBytes: number;
};

/** "Order files can be at most 100 MB; compress a larger one as .csv.gz." */
export const importFileTooLargeMessage = ({ noun, maxBytes }: ImportUploadTarget<unknown>) =>
  `${noun} files can be at most ${maxBytes / (1024 * 1024)} MB; compress a larger one as .csv.gz.`;

/**
 * Why `file` cannot be imported before anything is sent (its ending, the size cap), or null.
 * Browsers give `.gz` and `.br` files no reliable type, so the name decides.
 */
export const refuseImportFile = (
  file: File,
  target: ImportUploadTarget<unknown>,
): ApiError | null => {
  if (!isImportFileName(file.name)) {
    return new ApiError({
      status: 400,
      code: 'bad_request',
      reason: 'file_type_not_allowed',
      message: IMPORT_FILE_TYPE_MESSAGE,
    });
  }
  if (file.size > target.maxBytes) {
    return new ApiError({
      status: 413,
      code: 'payload_too_large',
      reason: 'file_too_large',
      message: importFileTooLargeMessage(target),
    });
  }
  return null;
};

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
 * Uploads an import file (multipart part `file`) and resolves with its preview. XMLHttpRequest
 * rather than fetch, because only it reports upload progress (a file can be 100 MB). A refused
 * file rejects with the server's ApiError (`file_too_large`, `file_type_not_allowed`, …); a
 * proxy's 413 without our error body names the cap.
 */
export const sendImportFile = <T>(
  target: ImportUploadTarget<T>,
  file: File,
  { onProgress, signal }: UploadOptions,
): Promise<T> =>
  new Promise((resolve, reject) => {
    const refusal = refuseImportFile(file, target);
    if (refusal) {
      reject(refusal);
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', target.path);
    request.setRequestHeader('Accept', 'application/json');
    const token = browserTokenStore.getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        const error = uploadError(request.status, body);
        reject(
          request.status === 413 && error.reason === undefined
            ? new ApiError({
                status: 413,
                code: 'payload_too_large',
                reason: 'file_too_large',
                message: importFileTooLargeMessage(target),
              })
            : error,
        );
        return;
      }
      const parsed = target.schema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(uploadError(request.status, undefined));
    };
    request.onerror = () =>
      reject(
        new ApiError({ status: null, code: 'network_error', message: ERROR_MESSAGES.network }),
      );
    request.onabort = () => reject(new DOMException('Upload canceled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });

/**
 * Uploads an import file with its progress (0 to 1). `cancel` stops an upload under way and
 * forgets it, so nothing is shown for it.
 */
export const useImportFileUpload = <T>(target: ImportUploadTarget<T>) => {
  const [progress, setProgress] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      controller.current = new AbortController();
      setProgress(0);
      return sendImportFile(target, file, {
        onProgress: setProgress,
        signal: controller.current.signal,
      });
    },
  });
  const { reset } = mutation;
  const cancel = useCallback(() => {
    controller.current?.abort();
    reset();
  }, [reset]);
  return { ...mutation, progress, cancel };
};
