import { timestamp } from 'drizzle-orm/pg-core';

/** A `timestamptz` column read as a Date (ISO 8601 in the API): every table's moments. */
export const timestampAt = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** `created_at timestamptz not null default now()`. */
export const createdAt = () => timestampAt('created_at').notNull().defaultNow();
/** `updated_at timestamptz not null default now()` (the services set it on each change). */
export const updatedAt = () => timestampAt('updated_at').notNull().defaultNow();
