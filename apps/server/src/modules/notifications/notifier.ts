import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { createNotificationRepository } from './notification.repository';

export type EmailMessage = {
  to: string;
  subject: string;
  body: string;
  /** Machine-readable kind, e.g. "team.invited". */
  kind: string;
  storeId?: string | null;
};

/** ARCHITECTURE.md §4 `Notifier`: e-mail (and later SMS) to people outside the app. */
export type Notifier = {
  readonly name: string;
  /** Records the message and delivers it; returns the outbox id. Never throws on delivery. */
  sendEmail(message: EmailMessage, db?: Database): Promise<string>;
};

/**
 * The local default: writes each message to the `notification_outbox` table. Nothing leaves the
 * machine: every row says so (`provider = 'local-outbox'`), and the server log names each
 * message kept, so someone running it locally can see what would have been sent.
 */
export const createOutboxNotifier = (
  db: Database,
  clock: Clock,
  log?: Pick<FastifyBaseLogger, 'info'>,
): Notifier => ({
  name: 'local-outbox',
  async sendEmail(message, tx = db) {
    const id = newId('ntf');
    await createNotificationRepository(tx).insert({
      id,
      channel: 'EMAIL',
      storeId: message.storeId ?? null,
      recipient: message.to,
      subject: message.subject,
      body: message.body,
      kind: message.kind,
      status: 'QUEUED',
      provider: 'local-outbox',
      createdAt: clock.now(),
    });
    log?.info(
      { outboxId: id, to: message.to, subject: message.subject, kind: message.kind },
      'e-mail kept in the local outbox, not sent (no e-mail provider is configured)',
    );
    return id;
  },
});
