import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';

/** Spec §5 upload size cap: 20 MiB; larger uploads are refused with 413. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** An uploaded file, ready to attach to a message by id. */
export const UploadedFileSchema = z.object({
  id: z.string(), // "fil_…"
  name: z.string(),
  extension: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().min(0),
  /** Where participants fetch it (GET, with the session's bearer token). */
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/**
 * Multipart upload with one part named `file`. Only the spec §5 allowed types, checked by
 * extension and by content: 400 `file_type_not_allowed` / `file_type_mismatch`, 400
 * `file_name_too_long` (field `body.file.filename`) past MAX_FILE_NAME_LENGTH characters, 413
 * above MAX_UPLOAD_BYTES. An SVG is stored sanitised (no script, handler, animation or script
 * link; `sizeBytes` is the sanitised size), 400 `svg_too_complex` past 20,000 elements. A
 * refused file stores nothing.
 */
export const uploadFile = defineEndpoint({
  method: 'POST',
  path: '/api/web/files',
  response: UploadedFileSchema,
  successStatus: 201,
  summary: 'Upload a file (multipart, part `file`) to attach to a chat message.',
  tags: ['chat'],
});

/**
 * The bytes of a file, for its uploader and the participants of conversations it was sent in.
 * The path ends in the file's name (`fileUrl`): cosmetic, for the browser's download name, and
 * a wildcard rather than a `:name` parameter so that no name length meets the router's limit.
 */
export const downloadFile = defineEndpoint({
  method: 'GET',
  path: '/api/files/:id/*',
  params: z.object({
    id: z.string().regex(/^fil_[a-z0-9]+$/, 'Not a file id.'),
    '*': z.string(),
  }),
  response: z.unknown(),
  summary: 'Download a file (served with a safe Content-Disposition, never as HTML).',
  tags: ['chat'],
});

/** The download URL of a file. */
export const fileUrl = (id: string, name: string): string =>
  `/api/files/${id}/${encodeURIComponent(name)}`;

// The name segment ends in its extension, so it is never a `..` or `%2e%2e` that fetch resolves.
const FILE_URL = /^\/api\/files\/fil_[a-z0-9]+\/[^/?#\s]*\.[A-Za-z0-9]+$/;

/** Whether `value` is the download URL of one of the app's files, as `fileUrl` writes it. */
export const isFileUrl = (value: string): boolean => FILE_URL.test(value);
