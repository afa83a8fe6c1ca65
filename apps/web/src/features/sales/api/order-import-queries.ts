import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import {
  MAX_ORDER_IMPORT_BYTES,
  type OrderImportFile,
  OrderImportFileSchema,
  type StartOrderImportInput,
  startOrderImport,
  uploadOrderImportFile,
} from '@atelier/contract/sales/order-import';
import { callApi } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { uploadError } from '@/lib/file-upload';
import { browserTokenStore } from '@/lib/session-token';

/** The endings of the files an order import reads (docs/import-orders.md). */
export const ORDER_FILE_EXTENSIONS = ['.csv', '.csv.gz', '.csv.br'] as const;

const MAX_MEGABYTES = MAX_ORDER_IMPORT_BYTES / (1024 * 1024);
export const ORDER_FILE_TOO_LARGE_MESSAGE = `Order files can be at most ${MAX_MEGABYTES} MB; compress a larger one as .csv.gz.`;
export const ORDER_FILE_TYPE_MESSAGE = 'Choose a .csv, .csv.gz or .csv.br file.';

export const isOrderFileName = (name: string): boolean => {
  const lower = name.toLowerCase();
  return ORDER_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
};

/**
 * Why `file` cannot be imported before anything is sent (its ending, the 100 MB cap), or null.
 * Browsers give `.csv.gz` and `.csv.br` files no reliable type, so the name decides.
 */
export const refuseOrderFile = (file: File): ApiError | null => {
  if (!isOrderFileName(file.name)) {
    return new ApiError({
      status: 400,
      code: 'bad_request',
      reason: 'file_type_not_allowed',
      message: ORDER_FILE_TYPE_MESSAGE,
    });
  }
  if (file.size > MAX_ORDER_IMPORT_BYTES) {
    return new ApiError({
      status: 413,
      code: 'payload_too_large',
      reason: 'file_too_large',
      message: ORDER_FILE_TOO_LARGE_MESSAGE,
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

/** The ApiError of a refused upload. A proxy's 413 has no error body of ours: it names the cap. */
const refusedUpload = (status: number, body: unknown): ApiError => {
  const error = uploadError(status, body);
  if (status !== 413 || error.reason !== undefined) return error;
  return new ApiError({
    status,
    code: 'payload_too_large',
    reason: 'file_too_large',
    message: ORDER_FILE_TOO_LARGE_MESSAGE,
  });
};

type UploadOptions = {
  /** Share of the bytes sent, 0 to 1. */
  onProgress: (share: number) => void;
  signal?: AbortSignal;
};

/**
 * Uploads an order file (multipart part `file`) and resolves with its preview. XMLHttpRequest
 * rather than fetch, because only it reports upload progress (a file can be 100 MB). A refused
 * file rejects with the server's ApiError (`file_too_large`, `file_type_not_allowed`, …).
 */
export const sendOrderImportFile = (
  file: File,
  { onProgress, signal }: UploadOptions,
): Promise<OrderImportFile> =>
  new Promise((resolve, reject) => {
    const refusal = refuseOrderFile(file);
    if (refusal) {
      reject(refusal);
      return;
    }
    const request = new XMLHttpRequest();
    request.open(uploadOrderImportFile.method, uploadOrderImportFile.path);
    request.setRequestHeader('Accept', 'application/json');
    const token = browserTokenStore.getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(refusedUpload(request.status, body));
        return;
      }
      const parsed = OrderImportFileSchema.safeParse(body);
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
 * Uploads an order file with its progress (0 to 1). `cancel` stops an upload under way and
 * forgets it, so nothing is shown for it.
 */
export const useUploadOrderImportFile = () => {
  const [progress, setProgress] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      controller.current = new AbortController();
      setProgress(0);
      return sendOrderImportFile(file, {
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

/** Spec §7 import-task: the import's job. The dialog shows a refusal itself, so no toast. */
export const useStartOrderImport = () =>
  useMutation({
    mutationFn: (body: StartOrderImportInput) =>
      callApi(startOrderImport, { body, shouldToastError: false }),
  });
