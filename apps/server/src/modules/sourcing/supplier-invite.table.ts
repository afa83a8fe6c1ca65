import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Spec §3 supplier invites: a creator's own supplier, passed on to the platform team. */
export const supplierInvites = pgTable(
  'supplier_invites',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    invitedByUserId: text('invited_by_user_id').notNull(),
    name: text('name').notNull(),
    website: text('website').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('supplier_invites_store_idx').on(table.storeId, table.createdAt.desc())],
);
