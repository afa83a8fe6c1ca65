/** Uploaded file names (spec §5): their extension and which ones may be uploaded. */

/**
 * The longest file name an upload may have, in characters (UTF-16 code units, as a JavaScript
 * string counts them). Longer names are refused, never cut, so the name a person sees is theirs.
 */
export const MAX_FILE_NAME_LENGTH = 200;

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

/**
 * Lower-case extension after the last dot of a file's own name, which may hold `#` or `?`
 * ("Invoice #12.PDF" → "pdf"); '' for none, a dotfile or a trailing dot.
 */
export const nameExtension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Lower-case extension after the last dot of the name (query and fragment of a URL ignored). */
export const fileExtension = (fileName: string): string => {
  const path = fileName.split(/[?#]/)[0] ?? '';
  return nameExtension(path.split('/').pop() ?? '');
};

export type AllowedUploadExtension = (typeof ALLOWED_UPLOAD_EXTENSIONS)[number];

/** Whether an extension (lower case, no dot) is one of the spec §5 upload types. */
export const isAllowedUploadExtension = (extension: string): extension is AllowedUploadExtension =>
  (ALLOWED_UPLOAD_EXTENSIONS as readonly string[]).includes(extension);

export const isAllowedUploadFileName = (fileName: string): boolean =>
  isAllowedUploadExtension(fileExtension(fileName));
