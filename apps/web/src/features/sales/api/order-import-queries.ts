import {
  MAX_ORDER_IMPORT_BYTES,
  type OrderImportFile,
  OrderImportFileSchema,
  type OrderImportMode,
  startOrderImport,
  uploadOrderImportFile,
} from '@atelier/contract/sales/order-import';
import { callApi } from '@/lib/api-client';
import type { ImportUploadTarget } from '@/lib/import-upload';

/** Where order files are uploaded (spec §7 import-task; docs/import-orders.md). */
export const ORDER_IMPORT_UPLOAD: ImportUploadTarget<OrderImportFile> = {
  path: uploadOrderImportFile.path,
  schema: OrderImportFileSchema,
  noun: 'Order',
  maxBytes: MAX_ORDER_IMPORT_BYTES,
};

/** Spec §7 import-task: the import's job. The dialog shows a refusal itself, so no toast. */
export const startOrderImportOf = (file: OrderImportFile, mode: OrderImportMode) =>
  callApi(startOrderImport, { body: { fileId: file.id, mode }, shouldToastError: false });
