import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@/lib/app-error';
import { importFileTooLarge } from './import-files';

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;

/** Multipart errors of an import file's upload as the API's error body (never a 500). */
export const importUploadError = (error: unknown, noun: string, maxBytes: number): unknown => {
  if (error instanceof AppError) return error;
  const code = errorCode(error);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return importFileTooLarge(noun, maxBytes);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('unsupported_media_type', 'Upload files as multipart/form-data.', {
      reason: 'not_multipart',
    });
  }
  return new AppError('bad_request', 'The upload could not be read.', {
    reason: 'malformed_upload',
  });
};

/**
 * Registers multipart uploads of one file of at most `maxBytes` in this plugin's scope, and
 * returns how a route reads it: the part named `file`, handed to `receive` as a stream (its
 * `truncated` says it was cut at the limit). 400 `file_missing` without that part.
 */
export const registerImportUploads = async (
  app: FastifyInstance,
  { noun, maxBytes }: { noun: string; maxBytes: number },
) => {
  const limits = { fileSize: maxBytes, files: 1, fields: 10, parts: 20, fieldSize: 1024 };
  await app.register(fastifyMultipart, { limits });
  return async <T>(
    request: FastifyRequest,
    receive: (upload: {
      fileName: string;
      stream: Readable & { truncated?: boolean };
    }) => Promise<T>,
  ): Promise<T> => {
    try {
      const part = await request.file({ limits });
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw new AppError('bad_request', 'Send the file as a multipart part named "file".', {
          reason: 'file_missing',
        });
      }
      return await receive({ fileName: part.filename, stream: part.file });
    } catch (error) {
      request.log.debug({ err: error }, `${noun} file upload refused`);
      throw importUploadError(error, noun, maxBytes);
    }
  };
};
