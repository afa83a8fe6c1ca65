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
 * extension and by content: 400 `file_type_not_allowed` / `file_type_mismatch`, 413 above
 * MAX_UPLOAD_BYTES. A refused file stores nothing.
 */
export const uploadFile = defineEndpoint({
  method: 'POST',
  path: '/api/web/files',
  response: UploadedFileSchema,
  successStatus: 201,
  summary: 'Upload a file (multipart, part `file`) to attach to a chat message.',
  tags: ['chat'],
});

/** The bytes of a file, for its uploader and the participants of conversations it was sent in. */
export const downloadFile = defineEndpoint({
  method: 'GET',
  path: '/api/files/:id/:name',
  params: z.object({
    id: z.string().regex(/^fil_[a-z0-9]+$/, 'Not a file id.'),
    name: z.string().max(300),
  }),
  response: z.unknown(),
  summary: 'Download a file (served with a safe Content-Disposition, never as HTML).',
  tags: ['chat'],
});

/** The download URL of a file. */
export const fileUrl = (id: string, name: string): string =>
  `/api/files/${id}/${encodeURIComponent(name)}`;
