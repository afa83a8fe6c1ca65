import { fileTypeFromBuffer } from 'file-type';
import type { ALLOWED_UPLOAD_EXTENSIONS } from '@atelier/contract/files/file-name';

type AllowedExtension = (typeof ALLOWED_UPLOAD_EXTENSIONS)[number];

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

/** Raster images browsers show safely inline; everything else is served as a download. */
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

const SVG_ROOT = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;
const SVG_UNSAFE = [
  /<!DOCTYPE/i,
  /<!ENTITY/i,
  /<script/i,
  /<foreignObject/i,
  /<iframe|<embed|<object/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /data:text\/html/i,
];

/** A clean SVG: UTF-8 text with an <svg> root, no scripts, handlers, entities or javascript:. */
export const isCleanSvg = (bytes: Buffer): boolean => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  if (!SVG_ROOT.test(text) || !/<\/svg\s*>\s*$|\/>\s*$/i.test(text)) return false;
  return !SVG_UNSAFE.some((pattern) => pattern.test(text));
};

/** Whether the bytes really are what the (allowed) extension says (spec §5, issue 4). */
export const contentMatchesExtension = async (
  extension: AllowedExtension,
  bytes: Buffer,
): Promise<boolean> => {
  if (extension === 'svg') {
    // file-type reports plain text as undefined and `<?xml` text as xml; binaries otherwise.
    const detected = await fileTypeFromBuffer(bytes);
    return (detected === undefined || detected.ext === 'xml') && isCleanSvg(bytes);
  }
  const detected = await fileTypeFromBuffer(bytes);
  return detected?.ext === DETECTED_EXTENSION[extension];
};
