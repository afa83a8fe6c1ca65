import { eq } from 'drizzle-orm';
import { storeParticipant } from '@atelier/contract/chat/message';
import type { Database } from '@/db/client';
import { createTableExportSource, type ExportSource } from '@/modules/jobs';
import { files } from './file.table';

/** "Export my data" tables of the files module (issue 8): the store's uploads' metadata. */
export const createFilesExportSources = (db: Database): ExportSource[] => [
  createTableExportSource(db, {
    table: 'files',
    from: files,
    columns: {
      id: files.id,
      uploaded_by_user_id: files.uploadedByUserId,
      original_name: files.originalName,
      extension: files.extension,
      content_type: files.contentType,
      size_bytes: files.sizeBytes,
      created_at: files.createdAt,
    },
    ofStore: (storeId) => eq(files.owner, storeParticipant(storeId)),
    keys: [files.id],
  }),
];
