/** Uploaded file names (spec §5): their extension and which ones may be uploaded. */

/** Spec §5 allowed upload types. */
export const ALLOWED_UPLOAD_EXTENSIONS = [
  'png',
  'jpg',
  'jpeg',
  'bmp',
  'gif',
  'webp',
  'psd',
  'svg',
  'tiff',
  'pdf',
] as const;

/** Lower-case extension after the last dot of the name (query and fragment of a URL ignored). */
export const fileExtension = (fileName: string): string => {
  const path = fileName.split(/[?#]/)[0] ?? '';
  const base = path.split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
};

export const isAllowedUploadFileName = (fileName: string): boolean =>
  (ALLOWED_UPLOAD_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
