import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { BillingClockService } from './billing-clock';
import type { BillingGateway, BillingWebhookEvent } from './billing-gateway';
import { billingInvoices, billingWebhookEvents } from './billing.table';
import type { BillingPaymentMethods } from './payment-methods';
import { reopenAfterPayment, withStoreLock, type SubscriptionCore } from './subscriptions';

type InvoiceRow = typeof billingInvoices.$inferSelect;

/**
 * Issue 13 billing webhooks (billing-webhooks.ts): what the provider tells about the invoices
 * and cards Atelier made there. Each event is processed once (`billing_webhook_events`, by the
 * provider's event id); a failure while processing forgets the event so the provider's next
 * delivery processes it. Only Atelier invoices still OPEN change, each within its own store:
 * `invoice.paid` → PAID (then a PAST_DUE/UNPAID subscription is ACTIVE again, as after
 * retry-invoice), `invoice.payment_failed` → its failure reason, `invoice.voided` /
 * `invoice.marked_uncollectible` → VOID / UNCOLLECTIBLE; `payment_method.detached` marks the
 * saved card detached. Unknown ids and other events change nothing.
 */
export const createBillingWebhooks = ({
  db,
  serverClock,
  clock,
  gateway,
  core,
  paymentMethods,
}: {
  db: Database;
  serverClock: Clock;
  clock: BillingClockService;
  gateway: Pick<BillingGateway, 'parseWebhook'>;
  core: SubscriptionCore;
  paymentMethods: Pick<BillingPaymentMethods, 'detachedAtProvider'>;
}) => {
  /** Sets `values` on the invoice only while it is still OPEN; the row, or null when not. */
  const updateOpen = async (
    row: InvoiceRow,
    values: Partial<typeof billingInvoices.$inferInsert>,
  ) => {
    const [updated] = await db
      .update(billingInvoices)
      .set({ ...values, updatedAt: new Date() })
      .where(
        and(
          eq(billingInvoices.storeId, row.storeId),
          eq(billingInvoices.id, row.id),
          eq(billingInvoices.status, 'OPEN'),
        ),
      )
      .returning();
    return updated ?? null;
  };

  const applyToInvoice = async (event: BillingWebhookEvent, providerInvoiceId: string) => {
    const [row] = await db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.providerInvoiceId, providerInvoiceId))
      .limit(1);
    if (!row || row.status !== 'OPEN') return;
    await withStoreLock(row.storeId, async () => {
      const now = await clock.now(row.storeId);
      switch (event.type) {
        case 'invoice.paid': {
          const paid = await updateOpen(row, {
            status: 'PAID',
            amountPaid: event.amountPaid ?? row.total,
            paidAt: now,
            failureReason: null,
            nextPaymentAttemptAt: null,
          });
          if (paid?.subscriptionId) await reopenAfterPayment(core, row.storeId, now);
          return;
        }
        case 'invoice.payment_failed':
          await updateOpen(row, { failureReason: event.failureReason ?? 'The card was declined.' });
          return;
        case 'invoice.voided':
          await updateOpen(row, { status: 'VOID', nextPaymentAttemptAt: null });
          return;
        case 'invoice.marked_uncollectible':
          await updateOpen(row, { status: 'UNCOLLECTIBLE', nextPaymentAttemptAt: null });
          return;
        case 'payment_method.detached':
        case 'other':
          return;
      }
    });
  };

  const apply = async (event: BillingWebhookEvent) => {
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_failed':
      case 'invoice.voided':
      case 'invoice.marked_uncollectible':
        if (event.providerInvoiceId) await applyToInvoice(event, event.providerInvoiceId);
        return;
      case 'payment_method.detached':
        if (event.providerPaymentMethodId) {
          await paymentMethods.detachedAtProvider(
            event.providerPaymentMethodId,
            event.providerCustomerId,
          );
        }
        return;
      case 'other':
        return;
    }
  };

  return {
    /**
     * Verifies and reads a webhook over its RAW body (the gateway's signature scheme). Throws
     * `PaymentWebhookSignatureError` when the signature or the body does not hold.
     */
    parse: (rawBody: Buffer, headers: Record<string, string | string[] | undefined>) =>
      gateway.parseWebhook(rawBody, headers),

    /**
     * Processes a verified event once: 'duplicate' when its id was processed before (nothing
     * changes), else 'processed'. Throws what processing threw, the event then left unrecorded.
     */
    async applyEvent(event: BillingWebhookEvent): Promise<'processed' | 'duplicate'> {
      const [isFirst] = await db
        .insert(billingWebhookEvents)
        .values({ eventId: event.id, type: event.type, receivedAt: serverClock.now() })
        .onConflictDoNothing()
        .returning({ eventId: billingWebhookEvents.eventId });
      if (!isFirst) return 'duplicate';
      try {
        await apply(event);
      } catch (error) {
        await db.delete(billingWebhookEvents).where(eq(billingWebhookEvents.eventId, event.id));
        throw error;
      }
      return 'processed';
    },
  };
};
export type BillingWebhooks = ReturnType<typeof createBillingWebhooks>;
