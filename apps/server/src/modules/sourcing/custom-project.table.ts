import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Spec §3 custom project requests (RFP): drafts saved step by step, then submitted. */
export const customProjects = pgTable(
  'custom_projects',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    createdByUserId: text('created_by_user_id').notNull(),
    status: text('status', { enum: ['DRAFT', 'SUBMITTED'] }).notNull(),
    step: text('step', { enum: ['BASICS', 'DETAILS', 'QUANTITY_AND_DATE', 'REVIEW'] }).notNull(),
    title: text('title'),
    material: text('material'),
    printDetail: text('print_detail'),
    quantity: integer('quantity'),
    completionDate: date('completion_date', { mode: 'string' }),
    companyId: text('company_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('custom_projects_store_idx').on(table.storeId, table.createdAt.desc())],
);
