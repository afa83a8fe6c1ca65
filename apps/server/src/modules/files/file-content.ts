import { fileTypeFromBuffer } from 'file-type';
import type { AllowedUploadExtension as AllowedExtension } from '@atelier/contract/files/file-name';

/** The content type each allowed extension is stored and served with (never the client's). */
export const CONTENT_TYPES: Record<AllowedExtension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  bmp: 'image/bmp',
  gif: 'image/gif',
  webp: 'image/webp',
  psd: 'image/vnd.adobe.photoshop',
  svg: 'image/svg+xml',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
};

/**
 * Raster images browsers show safely inline; everything else, SVG included (sanitised, yet a
 * document that could hold script), is served as a download.
 */
export const INLINE_EXTENSIONS: ReadonlySet<string> = new Set([
  'png',
  'jpg',
  'jpeg',
  'bmp',
  'gif',
  'webp',
]);

/** The file-type extension the magic bytes of each allowed extension must report. */
const DETECTED_EXTENSION: Record<Exclude<AllowedExtension, 'svg'>, string> = {
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  bmp: 'bmp',
  gif: 'gif',
  webp: 'webp',
  psd: 'psd',
  tiff: 'tif',
  pdf: 'pdf',
};

/** Whether the bytes really are what the (allowed) extension says (spec §5, issue 4). */
export const contentMatchesExtension = async (
  extension: AllowedExtension,
  bytes: Buffer,
): Promise<boolean> => {
  const detected = await fileTypeFromBuffer(bytes);
  if (extension === 'svg') {
    // Text, not a binary: file-type reports plain text as undefined and `<?xml` text as xml.
    // The SVG sanitiser (svg-sanitizer.ts) checks the rest and keeps only inert markup.
    return detected === undefined || detected.ext === 'xml';
  }
  return detected?.ext === DETECTED_EXTENSION[extension];
};
