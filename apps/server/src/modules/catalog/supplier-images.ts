import { SUPPLIER_IMAGE_EXTENSIONS } from '@atelier/contract/catalog/supplier-profile';
import { supplierParticipant } from '@atelier/contract/chat/message';
import { AppError } from '@/lib/app-error';

/** The files module's side of supplier images: ownership and type check, public read. */
export type SupplierImageFiles = {
  /** Files `participant` uploaded among `ids`, with their extension. */
  findOwnedFiles(
    participant: string,
    ids: readonly string[],
  ): Promise<{ id: string; extension: string }[]>;
  /** A raster image's bytes without the read check (undefined: missing or not inline). */
  readPublishedImage(fileId: string): Promise<{ contentType: string; bytes: Buffer } | undefined>;
};

/**
 * 400 `profile_image_invalid` (each bad field in `details`) unless every file is a
 * png/jpg/jpeg/gif/webp that the supplier company uploaded itself.
 */
export const checkSupplierImages = async (
  files: SupplierImageFiles,
  companyId: string,
  wanted: readonly { field: string; fileId: string }[],
): Promise<void> => {
  if (wanted.length === 0) return;
  const owned = await files.findOwnedFiles(
    supplierParticipant(companyId),
    wanted.map(({ fileId }) => fileId),
  );
  const imageIds = new Set(
    owned
      .filter((file) => (SUPPLIER_IMAGE_EXTENSIONS as readonly string[]).includes(file.extension))
      .map((file) => file.id),
  );
  const bad = wanted.filter(({ fileId }) => !imageIds.has(fileId));
  if (bad.length > 0) {
    const message = `Upload a PNG, JPG, GIF or WebP image first (${SUPPLIER_IMAGE_EXTENSIONS.join(', ')}).`;
    throw new AppError('bad_request', 'An image is not one of your uploaded images.', {
      reason: 'profile_image_invalid',
      details: [...new Set(bad.map(({ field }) => field))].map((field) => ({
        field: `body.${field}`,
        message,
      })),
    });
  }
};
