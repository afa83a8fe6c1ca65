import {
  ALLOWED_UPLOAD_EXTENSIONS,
  isAllowedUploadExtension,
  MAX_FILE_NAME_LENGTH,
  nameExtension,
} from '@atelier/contract/files/file-name';
import { fileUrl, MAX_UPLOAD_BYTES, type UploadedFile } from '@atelier/contract/files/file';
import type { Database } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { CONTENT_TYPES, contentMatchesExtension, INLINE_EXTENSIONS } from './file-content';
import { createFileRepository } from './file.repository';
import type { FileStorage } from './file-storage';
import type { FileRow } from './file.table';
import { MAX_SVG_ELEMENTS, type SvgSanitizer } from './svg-sanitizer';

/** 400 `file_type_mismatch`: the bytes are not what the name's extension says. */
const typeMismatch = (extension: string) =>
  new AppError('bad_request', `The content of this file is not a valid .${extension} file.`, {
    reason: 'file_type_mismatch',
  });

type FileServiceDeps = {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  svgSanitizer: SvgSanitizer;
};

/** The uploading party: its participant id (`store_…`, `customer_…`) and the signed-in user. */
export type FileOwner = { participant: string; userId: string };

export const toUploadedFile = (row: FileRow): UploadedFile => ({
  id: row.id,
  name: row.originalName,
  extension: row.extension,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  url: fileUrl(row.id, row.originalName),
  createdAt: row.createdAt.toISOString(),
});

/** The name without its folders (some browsers send them), control characters or edge spaces. */
const cleanFileName = (name: string): string =>
  // eslint-disable-next-line no-control-regex
  (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();

/** Uploads (spec §5 rules) and downloads with the read check. */
export const createFileService = ({ db, clock, storage, svgSanitizer }: FileServiceDeps) => {
  const repository = createFileRepository(db);
  const notFound = () =>
    new AppError('not_found', 'This file does not exist.', { reason: 'file_not_found' });

  /**
   * What is stored of an SVG: its sanitised markup (no script, handler, animation or script
   * link), never the uploaded bytes. 400 `file_type_mismatch` if it is no SVG document, 400
   * `svg_too_complex` past MAX_SVG_ELEMENTS elements or the sanitiser's time.
   */
  const sanitizedSvg = async (bytes: Buffer): Promise<Buffer> => {
    const outcome = await svgSanitizer.sanitize(bytes);
    switch (outcome.kind) {
      case 'clean':
        return outcome.bytes;
      case 'not_svg':
        throw typeMismatch('svg');
      case 'too_complex':
        throw new AppError(
          'bad_request',
          `This SVG is too complex to check (at most ${MAX_SVG_ELEMENTS.toLocaleString('en-US')} elements). Simplify it, or upload it as PNG or PDF.`,
          { reason: 'svg_too_complex' },
        );
    }
  };

  return {
    async upload(owner: FileOwner, input: { fileName: string; bytes: Buffer }) {
      const originalName = cleanFileName(input.fileName);
      if (originalName.length > MAX_FILE_NAME_LENGTH) {
        const message = `File names can have at most ${MAX_FILE_NAME_LENGTH} characters. Rename the file and upload it again.`;
        throw new AppError('bad_request', message, {
          reason: 'file_name_too_long',
          details: [{ field: 'body.file.filename', message }],
        });
      }
      // The name's own extension: a name is not a URL, so `#` and `?` in it are plain letters.
      const extension = nameExtension(originalName);
      if (!isAllowedUploadExtension(extension)) {
        throw new AppError(
          'bad_request',
          `This file type is not allowed. Upload one of: ${ALLOWED_UPLOAD_EXTENSIONS.join(', ')}.`,
          { reason: 'file_type_not_allowed' },
        );
      }
      if (input.bytes.length > MAX_UPLOAD_BYTES) {
        throw new AppError('payload_too_large', 'Files can be at most 20 MB.', {
          reason: 'file_too_large',
        });
      }
      if (input.bytes.length === 0) {
        throw new AppError('bad_request', 'This file is empty.', { reason: 'file_empty' });
      }
      if (!(await contentMatchesExtension(extension, input.bytes))) throw typeMismatch(extension);
      const bytes = extension === 'svg' ? await sanitizedSvg(input.bytes) : input.bytes;
      const id = newId('fil');
      const storageKey = `${id.slice(4, 6)}/${id}`;
      const contentType = CONTENT_TYPES[extension];
      await storage.put(storageKey, bytes, contentType);
      try {
        const row = await repository.insert({
          id,
          owner: owner.participant,
          uploadedByUserId: owner.userId,
          storageKey,
          originalName,
          extension,
          contentType,
          sizeBytes: bytes.length,
          createdAt: clock.now(),
        });
        return toUploadedFile(row);
      } catch (error) {
        await storage.delete(storageKey);
        throw error;
      }
    },

    /** The file and its bytes, for its uploader or a participant it was shared with; else 404. */
    async download(participant: string, fileId: string) {
      const row = await repository.findById(fileId);
      if (!row) throw notFound();
      if (row.owner !== participant && !(await repository.isGranted(fileId, participant))) {
        throw notFound();
      }
      const bytes = await storage.get(row.storageKey);
      if (!bytes) throw notFound();
      return { file: row, bytes, isInline: INLINE_EXTENSIONS.has(row.extension) };
    },

    /**
     * Lets `participants` read the files (chat: the other side of the conversation they were
     * sent in). Pass the caller's transaction handle so the grant commits with its write.
     */
    async grantAccess(
      tx: Database,
      fileIds: readonly string[],
      participants: readonly string[],
    ): Promise<void> {
      await createFileRepository(tx).grant(fileIds, participants, clock.now());
    },

    /**
     * A raster image another module has published (issue 10: a supplier's logo, cover or
     * photos), without the read check: the caller has checked that the file is public. Undefined
     * when missing or not an inline image type.
     */
    async readPublishedImage(fileId: string) {
      const row = await repository.findById(fileId);
      if (!row || !INLINE_EXTENSIONS.has(row.extension)) return undefined;
      const bytes = await storage.get(row.storageKey);
      return bytes ? { contentType: row.contentType, bytes } : undefined;
    },

    /** Files `participant` uploaded, by id (unknown or foreign ids are absent). */
    async findOwnedFiles(participant: string, ids: readonly string[]): Promise<UploadedFile[]> {
      return (await repository.findOwned(participant, ids)).map(toUploadedFile);
    },
  };
};
export type FileService = ReturnType<typeof createFileService>;
