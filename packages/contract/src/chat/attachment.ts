import { fileExtension } from '../files/file-name';

/** Spec §5 attachment kinds; any other extension becomes its own uppercase type ("DOCX"). */
export type AttachmentType = 'VIDEO' | 'IMAGE' | 'PDF' | 'AI' | (string & {});

const VIDEO_EXTENSIONS = new Set(['mp4', 'mkv', 'mov']);
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'eps']);

/** Spec §5 image detection extensions (wider than the attachment IMAGE type). */
export const IMAGE_DETECTION_EXTENSIONS = [
  'png',
  'jpg',
  'jpeg',
  'bmp',
  'gif',
  'webp',
  'psd',
  'svg',
  'tiff',
  'jfif',
] as const;

/**
 * Spec §5: attachment type from the file extension. mp4, mkv, mov → VIDEO; jpg, jpeg, png, gif,
 * eps → IMAGE; pdf → PDF; ai → AI; any other extension its own uppercase type; no extension → ''.
 */
export const attachmentTypeFromFileName = (fileName: string): AttachmentType => {
  const extension = fileExtension(fileName);
  if (VIDEO_EXTENSIONS.has(extension)) return 'VIDEO';
  if (IMAGE_EXTENSIONS.has(extension)) return 'IMAGE';
  if (extension === 'pdf') return 'PDF';
  if (extension === 'ai') return 'AI';
  return extension.toUpperCase();
};

export const isImageFileName = (fileName: string): boolean =>
  (IMAGE_DETECTION_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
