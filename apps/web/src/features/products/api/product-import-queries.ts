import type { OrderImportMode } from '@atelier/contract/sales/order-import';
import {
  MAX_PRODUCT_IMPORT_BYTES,
  type ProductImportFile,
  ProductImportFileSchema,
  startProductImport,
  uploadProductImportFile,
} from '@atelier/contract/sales/product-import';
import { callApi } from '@/lib/api-client';
import type { ImportUploadTarget } from '@/lib/import-upload';

/** Where product files are uploaded (docs/import-products.md). */
export const PRODUCT_IMPORT_UPLOAD: ImportUploadTarget<ProductImportFile> = {
  path: uploadProductImportFile.path,
  schema: ProductImportFileSchema,
  noun: 'Product',
  maxBytes: MAX_PRODUCT_IMPORT_BYTES,
};

/** Starts a product file's import (its job), prices read in `currencyCode`. No toast. */
export const startProductImportOf = (
  file: ProductImportFile,
  mode: OrderImportMode,
  currencyCode: string,
) =>
  callApi(startProductImport, {
    body: { fileId: file.id, mode, currencyCode },
    shouldToastError: false,
  });
