import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadFile, MAX_UPLOAD_BYTES, uploadFile } from '@atelier/contract/files/file';
import { storeParticipant, supplierParticipant } from '@atelier/contract/chat/message';
import { uploadPartnerFile } from '@atelier/contract/chat/partner';
import { AppError } from '@/lib/app-error';
import { routeOptions } from '@/lib/endpoint';
import { optionalSupplierActor } from '@/lib/request-actor';
import type { FileOwner, FileService } from './file.service';
import type { SvgSanitizer } from './svg-sanitizer';

/** The calling party: a store's user or a supplier company's user. */
export type FileCaller =
  | { kind: 'STORE'; storeId: string; userId: string }
  | { kind: 'SUPPLIER'; companyId: string; userId: string };

/** The calling party's participant id (`store_…` or `customer_…`, spec §3) and user. */
const participantOf = (caller: FileCaller): FileOwner => ({
  participant:
    caller.kind === 'STORE'
      ? storeParticipant(caller.storeId)
      : supplierParticipant(caller.companyId),
  userId: caller.userId,
});

/** The caller of a route that both parties use (`eitherParty`). */
const callerOf = (request: FastifyRequest): FileCaller => {
  const supplierActor = optionalSupplierActor(request);
  if (supplierActor) {
    return { kind: 'SUPPLIER', companyId: supplierActor.companyId, userId: supplierActor.userId };
  }
  return { kind: 'STORE', storeId: request.actor.storeId, userId: request.actor.userId };
};

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;

/** Reads the one `file` part; multipart limits turn into the API's error body. */
const readUpload = async (request: FastifyRequest) => {
  try {
    const part = await request.file({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 1024 },
    });
    if (!part || part.fieldname !== 'file') {
      throw new AppError('bad_request', 'Send the file as a multipart part named "file".', {
        reason: 'file_missing',
      });
    }
    return { fileName: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', 'Files can be at most 20 MB.', {
        reason: 'file_too_large',
      });
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('unsupported_media_type', 'Upload files as multipart/form-data.', {
        reason: 'not_multipart',
      });
    }
    // Anything else here is a malformed multipart stream (busboy: "Unexpected end of form").
    request.log.debug({ err: error }, 'unreadable upload');
    throw new AppError('bad_request', 'The upload could not be read.', {
      reason: 'malformed_upload',
    });
  }
};

/** RFC 6266 attachment/inline header with an ASCII fallback and the UTF-8 name. */
const contentDisposition = (isInline: boolean, name: string) => {
  const fallback = name.replace(/[^A-Za-z0-9._ -]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${isInline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};

/**
 * `POST /api/web/files` (multipart, part `file`) → 201 the uploaded file; `GET
 * /api/files/:id/<name>` → the bytes with their stored content type, `nosniff`, a sandboxing CSP
 * and `attachment` unless a raster image. The name segment is cosmetic (download name) and any
 * length: a wildcard, so links stored in messages keep working.
 */
export const fileRoutes =
  (fileService: FileService, svgSanitizer: SvgSanitizer): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onClose', async () => svgSanitizer.close());
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 1024 },
    });

    // A 20 MB file takes minutes on a slow link: Node's HTTP_UPLOAD_TIMEOUT_MS bounds it.
    const uploadOptions = (endpoint: typeof uploadFile | typeof uploadPartnerFile) => {
      const options = routeOptions(endpoint);
      return { ...options, config: { ...options.config, isUpload: true } };
    };

    app.post(uploadFile.path, uploadOptions(uploadFile), async (request, reply) => {
      const upload = await readUpload(request);
      const file = await fileService.upload(
        participantOf({ kind: 'STORE', ...request.actor }),
        upload,
      );
      return reply.status(201).send(file);
    });

    app.post(uploadPartnerFile.path, uploadOptions(uploadPartnerFile), async (request, reply) => {
      const upload = await readUpload(request);
      const { companyId, userId } = request.supplierActor;
      const file = await fileService.upload(
        participantOf({ kind: 'SUPPLIER', companyId, userId }),
        upload,
      );
      return reply.status(201).send(file);
    });

    const { schema, config } = routeOptions(downloadFile);
    app.get(
      downloadFile.path,
      {
        schema: { params: schema.params, summary: schema.summary, tags: schema.tags },
        config: { ...config, eitherParty: true },
      },
      async (request, reply) => {
        const { participant } = participantOf(callerOf(request));
        const { file, bytes, isInline } = await fileService.download(
          participant,
          request.params.id,
        );
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(bytes.length))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', contentDisposition(isInline, file.originalName))
          .header('cache-control', 'private, max-age=3600')
          .send(bytes);
      },
    );
  };
