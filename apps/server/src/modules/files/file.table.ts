import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Uploaded files (spec §5 allowed types), the bytes kept by the FileStorage provider. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    /** The uploading party: `store_{id}` or `customer_{id}` (spec §3 participants). */
    owner: text('owner').notNull(),
    uploadedByUserId: text('uploaded_by_user_id').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    extension: text('extension').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('files_owner_idx').on(table.owner, table.createdAt)],
);
export type FileRow = typeof files.$inferSelect;

/**
 * Who besides its uploader may read a file: a participant (`store_…`, `customer_…`) it was shared
 * with, e.g. the other side of a conversation it was sent in (granted by chat, in the send).
 */
export const fileGrants = pgTable(
  'file_grants',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    participant: text('participant').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.participant] })],
);
