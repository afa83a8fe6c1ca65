import {
  ALLOWED_UPLOAD_EXTENSIONS,
  fileExtension,
  isAllowedUploadFileName,
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

type AllowedExtension = (typeof ALLOWED_UPLOAD_EXTENSIONS)[number];

type FileServiceDeps = { db: Database; clock: Clock; storage: FileStorage };

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

const MAX_NAME_LENGTH = 200;

/** Control characters and path separators removed; the extension kept when shortening. */
const cleanFileName = (name: string): string => {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (base.length <= MAX_NAME_LENGTH) return base;
  const extension = fileExtension(base);
  return `${base.slice(0, MAX_NAME_LENGTH - extension.length - 1)}.${extension}`;
};

/** Uploads (spec §5 rules) and downloads with the read check. */
export const createFileService = ({ db, clock, storage }: FileServiceDeps) => {
  const repository = createFileRepository(db);
  const notFound = () =>
    new AppError('not_found', 'This file does not exist.', { reason: 'file_not_found' });

  return {
    async upload(owner: FileOwner, input: { fileName: string; bytes: Buffer }) {
      const originalName = cleanFileName(input.fileName);
      if (!isAllowedUploadFileName(originalName)) {
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
      const extension = fileExtension(originalName) as AllowedExtension;
      if (!(await contentMatchesExtension(extension, input.bytes))) {
        throw new AppError(
          'bad_request',
          `The content of this file is not a valid .${extension} file.`,
          { reason: 'file_type_mismatch' },
        );
      }
      const id = newId('fil');
      const storageKey = `${id.slice(4, 6)}/${id}`;
      const contentType = CONTENT_TYPES[extension];
      await storage.put(storageKey, input.bytes, contentType);
      try {
        const row = await repository.insert({
          id,
          owner: owner.participant,
          uploadedByUserId: owner.userId,
          storageKey,
          originalName,
          extension,
          contentType,
          sizeBytes: input.bytes.length,
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

    /** Files `participant` uploaded, by id (unknown or foreign ids are absent). */
    async findOwnedFiles(participant: string, ids: readonly string[]): Promise<UploadedFile[]> {
      return (await repository.findOwned(participant, ids)).map(toUploadedFile);
    },
  };
};
export type FileService = ReturnType<typeof createFileService>;
