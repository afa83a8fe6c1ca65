import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { notificationOutbox } from '@/db/schema';

/** The newest e-mail of one kind to `recipient` that the local outbox kept, if any. */
export const findLatestEmail = async (db: Database, recipient: string, kind: string) => {
  const [mail] = await db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.recipient, recipient), eq(notificationOutbox.kind, kind)))
    .orderBy(desc(notificationOutbox.createdAt), desc(notificationOutbox.id))
    .limit(1);
  return mail;
};

/** Every e-mail of one kind to `recipient` that the local outbox kept (no order). */
export const listEmails = (db: Database, recipient: string, kind: string) =>
  db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.recipient, recipient), eq(notificationOutbox.kind, kind)));

/** The token of the public review confirmation link in the newest such e-mail to `recipient`. */
export const findReviewConfirmationToken = async (
  db: Database,
  recipient: string,
): Promise<string | undefined> => {
  const mail = await findLatestEmail(db, recipient, 'catalog.review.confirmation');
  return /\/confirm-review\?token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
};
