import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { BillingInvoice } from '@atelier/contract/billing/billing-api';
import { billingInvoiceTotals } from '@atelier/contract/billing/subscription';
import type { Database } from '@/db/client';
import { AppError } from '@/lib/app-error';
import { newId } from '@/lib/ids';
import { PaymentProviderError } from '../orders';
import type { BillingCustomers } from './billing-customers';
import type { BillingGateway } from './billing-gateway';
import type { BillingInvoicesService, Db } from './billing.services';
import { billingInvoices, type BillingInvoiceLine } from './billing.table';
import type { BillingPaymentMethods } from './payment-methods';

type Row = typeof billingInvoices.$inferSelect;
type CreateInput = Parameters<BillingInvoicesService['createAndCharge']>[0];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The API shape of an invoice row (receipt URL only once paid). */
export const toBillingInvoice = (row: Row): BillingInvoice => ({
  id: row.id,
  number: row.number,
  status: row.status,
  reason: row.reason,
  lines: row.lines,
  subtotal: row.subtotal,
  discount: row.discount,
  total: row.total,
  amountPaid: row.amountPaid,
  currencyCode: row.currencyCode,
  periodStart: iso(row.periodStart),
  periodEnd: iso(row.periodEnd),
  attemptCount: row.attemptCount,
  nextPaymentAttemptAt: iso(row.nextPaymentAttemptAt),
  paidAt: iso(row.paidAt),
  createdAt: row.createdAt.toISOString(),
  receiptUrl: row.status === 'PAID' ? `/api/web/billing/invoices/${row.id}/receipt.pdf` : null,
});

const invoiceNotFound = () =>
  new AppError('not_found', 'No such invoice in this store.', {
    reason: 'billing_invoice_not_found',
  });

/** "ATL-000042" from 42. */
const formatNumber = (sequence: number) => `ATL-${String(sequence).padStart(6, '0')}`;

/** What a charge attempt ended with: paid, or the reason safe to show; the provider's invoice. */
type Attempt = { providerInvoiceId: string | null } & (
  { paid: true; providerChargeId: string | null } | { paid: false; reason: string }
);

const money = (amount: number, currencyCode: string) =>
  `${amount < 0 ? '-' : ''}${currencyCode === 'USD' ? '$' : `${currencyCode} `}${(Math.abs(amount) / 100).toFixed(2)}`;

/** Latin-1 only: the standard PDF fonts cannot draw other characters. */
const pdfText = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/**
 * Issue 13 billing invoices (billing-invoices.ts): numbers ATL-000001…, charges through the
 * BillingGateway (local test cards through the shared PaymentProvider, or a Stripe invoice per
 * Atelier invoice, its id kept in `provider_invoice_id` so a retry pays that same one), retries,
 * dunning's give-up (mirrored at the provider), the list and the PDF receipt. Money is integer
 * minor units of `currencyCode`.
 */
export const createBillingInvoicesService = ({
  db,
  gateway,
  customers,
  paymentMethods,
  log,
}: {
  db: Database;
  gateway: Pick<BillingGateway, 'chargeInvoice' | 'voidInvoice' | 'markUncollectible'>;
  customers: Pick<BillingCustomers, 'ensure'>;
  paymentMethods: BillingPaymentMethods;
  log?: { warn(object: unknown, message: string): void };
}) => {
  const findRow = async (storeId: string, id: string, handle: Db = db): Promise<Row> => {
    const [row] = await handle
      .select()
      .from(billingInvoices)
      .where(and(eq(billingInvoices.storeId, storeId), eq(billingInvoices.id, id)));
    if (!row) throw invoiceNotFound();
    return row;
  };

  /** Inserts with the next free number (a clash with a concurrent insert takes the next one). */
  const insertNumbered = async (values: Omit<typeof billingInvoices.$inferInsert, 'number'>) => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const [{ last } = { last: 0 }] = await db
        .select({
          last: sql<number>`coalesce(max(substring(${billingInvoices.number} from 5)::int), 0)::int`,
        })
        .from(billingInvoices);
      const inserted = await db
        .insert(billingInvoices)
        .values({ ...values, number: formatNumber(Number(last) + 1 + attempt) })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return inserted[0];
    }
    throw new AppError('unavailable', 'Invoices are busy; try again in a moment.', {
      reason: 'billing_invoice_number_busy',
    });
  };

  /** Keeps the provider's invoice id as soon as it exists (a later failure keeps it too). */
  const saveProviderInvoice = async (row: Row, providerInvoiceId: string) => {
    await db
      .update(billingInvoices)
      .set({ providerInvoiceId })
      .where(and(eq(billingInvoices.storeId, row.storeId), eq(billingInvoices.id, row.id)));
  };

  /** One charge of `row.total` with the card; a decline or a provider failure is a result. */
  const attemptCharge = async (row: Row, paymentMethodId: string): Promise<Attempt> => {
    const paymentMethod = await paymentMethods.chargeInputOf(row.storeId, paymentMethodId);
    try {
      const result = await gateway.chargeInvoice({
        customerId: await customers.ensure(row.storeId),
        invoice: {
          id: row.id,
          storeId: row.storeId,
          number: row.number,
          lines: row.lines,
          total: row.total,
          currencyCode: row.currencyCode,
          attempt: row.attemptCount + 1,
        },
        paymentMethod,
        providerInvoiceId: row.providerInvoiceId,
        onProviderInvoice: (id) => saveProviderInvoice(row, id),
      });
      const { providerInvoiceId } = result;
      return result.status === 'PAID'
        ? { paid: true, providerChargeId: result.providerChargeId, providerInvoiceId }
        : { paid: false, reason: result.reason, providerInvoiceId };
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        return { paid: false, reason: error.message, providerInvoiceId: null };
      }
      throw error;
    }
  };

  /** The provider's side of an invoice Atelier gave up on or discarded (logged when it fails). */
  const closeAtProvider = async (
    row: Pick<Row, 'id' | 'providerInvoiceId'>,
    handling: 'mark_uncollectible' | 'void',
  ) => {
    if (!row.providerInvoiceId) return;
    try {
      if (handling === 'void') await gateway.voidInvoice(row.providerInvoiceId);
      else await gateway.markUncollectible(row.providerInvoiceId);
    } catch (error) {
      // Atelier's status stands: the provider's invoice is never charged by itself
      // (`auto_advance: false`), and its webhook cannot move a closed invoice back.
      if (!(error instanceof PaymentProviderError)) throw error;
      log?.warn({ err: error, billingInvoiceId: row.id, handling }, 'provider invoice not closed');
    }
  };

  /** Charges an OPEN invoice once and records the outcome. */
  const chargeRow = async (row: Row, paymentMethodId: string | null, now: Date) => {
    if (!paymentMethodId) {
      const [updated] = await db
        .update(billingInvoices)
        .set({
          attemptCount: row.attemptCount + 1,
          failureReason: 'No card on file.',
          updatedAt: now,
        })
        .where(eq(billingInvoices.id, row.id))
        .returning();
      return { row: updated!, failureReason: 'No card on file.' };
    }
    const attempt = await attemptCharge(row, paymentMethodId);
    const [updated] = await db
      .update(billingInvoices)
      .set(
        attempt.paid
          ? {
              status: 'PAID',
              amountPaid: row.total,
              paidAt: now,
              providerChargeId: attempt.providerChargeId,
              providerInvoiceId: attempt.providerInvoiceId ?? row.providerInvoiceId,
              paymentMethodId,
              attemptCount: row.attemptCount + 1,
              failureReason: null,
              nextPaymentAttemptAt: null,
              updatedAt: now,
            }
          : {
              attemptCount: row.attemptCount + 1,
              paymentMethodId,
              providerInvoiceId: attempt.providerInvoiceId ?? row.providerInvoiceId,
              failureReason: attempt.reason,
              updatedAt: now,
            },
      )
      .where(eq(billingInvoices.id, row.id))
      .returning();
    return { row: updated!, failureReason: attempt.paid ? null : attempt.reason };
  };

  const defaultCardId = async (storeId: string) =>
    (await paymentMethods.findDefault(storeId))?.id ?? null;

  const service = {
    /**
     * `createAndCharge` with the decline reason: `failureReason` is null when PAID. A total of 0
     * is PAID without a charge; 409 `payment_method_required` when something is due and the
     * store has no card. Not inside a transaction (the provider is called).
     */
    async createAndChargeDetailed(
      input: CreateInput,
    ): Promise<{ invoice: BillingInvoice; failureReason: string | null }> {
      const percentOff = input.percentOff ?? 0;
      const { subtotal, discount, total } = billingInvoiceTotals(
        input.lines.map((line) => line.amount),
        percentOff,
      );
      const lines: BillingInvoiceLine[] =
        discount > 0
          ? [
              ...input.lines,
              {
                description: input.discountLabel ?? `${percentOff}% off`,
                amount: -discount,
                periodStart: null,
                periodEnd: null,
              },
            ]
          : input.lines;
      const paymentMethodId =
        input.paymentMethodId ?? (total > 0 ? await defaultCardId(input.storeId) : null);
      if (total > 0 && !paymentMethodId) {
        throw new AppError('conflict', 'Add a card first: this needs a payment.', {
          reason: 'payment_method_required',
        });
      }
      if (paymentMethodId) await paymentMethods.get(input.storeId, paymentMethodId);
      const row = await insertNumbered({
        id: newId('binv'),
        storeId: input.storeId,
        subscriptionId: input.subscriptionId,
        status: total === 0 ? 'PAID' : 'OPEN',
        reason: input.reason,
        lines,
        subtotal,
        discount,
        total,
        amountPaid: 0,
        currencyCode: input.currencyCode,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        paidAt: total === 0 ? input.now : null,
        createdAt: input.now,
        updatedAt: input.now,
      });
      if (total === 0) return { invoice: toBillingInvoice(row), failureReason: null };
      const charged = await chargeRow(row, paymentMethodId, input.now);
      return { invoice: toBillingInvoice(charged.row), failureReason: charged.failureReason };
    },

    async createAndCharge(input: CreateInput): Promise<BillingInvoice> {
      return (await service.createAndChargeDetailed(input)).invoice;
    },

    /** Charges an OPEN invoice again with the default card; 404 another store's, 409 `invoice_not_open`. */
    async retryDetailed(
      storeId: string,
      invoiceId: string,
      now: Date,
    ): Promise<{ invoice: BillingInvoice; failureReason: string | null }> {
      const row = await findRow(storeId, invoiceId);
      if (row.status !== 'OPEN') {
        throw new AppError('conflict', 'Only an open invoice can be paid again.', {
          reason: 'invoice_not_open',
        });
      }
      const charged = await chargeRow(row, await defaultCardId(storeId), now);
      return { invoice: toBillingInvoice(charged.row), failureReason: charged.failureReason };
    },

    async retry(storeId: string, invoiceId: string, now: Date): Promise<BillingInvoice> {
      return (await service.retryDetailed(storeId, invoiceId, now)).invoice;
    },

    /** Sets when dunning charges an OPEN invoice next (null: never). */
    async scheduleRetry(storeId: string, invoiceId: string, at: Date | null): Promise<void> {
      await db
        .update(billingInvoices)
        .set({ nextPaymentAttemptAt: at })
        .where(and(eq(billingInvoices.storeId, storeId), eq(billingInvoices.id, invoiceId)));
    },

    async giveUp(
      storeId: string,
      invoiceId: string,
      handling: 'keep_as_draft' | 'mark_uncollectible' | 'void',
    ): Promise<void> {
      const status =
        handling === 'void' ? 'VOID' : handling === 'keep_as_draft' ? 'DRAFT' : 'UNCOLLECTIBLE';
      const [closed] = await db
        .update(billingInvoices)
        .set({ status, nextPaymentAttemptAt: null })
        .where(
          and(
            eq(billingInvoices.storeId, storeId),
            eq(billingInvoices.id, invoiceId),
            eq(billingInvoices.status, 'OPEN'),
          ),
        )
        .returning();
      // A provider invoice cannot go back to draft: kept as a draft here, it stays open there
      // (never charged by itself).
      if (closed && handling !== 'keep_as_draft') await closeAtProvider(closed, handling);
    },

    /** Removes an invoice whose charge was declined when the change it paid for is not made. */
    async discardDeclined(storeId: string, invoiceId: string): Promise<void> {
      const [discarded] = await db
        .delete(billingInvoices)
        .where(
          and(
            eq(billingInvoices.storeId, storeId),
            eq(billingInvoices.id, invoiceId),
            eq(billingInvoices.status, 'OPEN'),
          ),
        )
        .returning();
      if (discarded) await closeAtProvider(discarded, 'void');
    },

    async get(storeId: string, invoiceId: string, handle: Db = db): Promise<BillingInvoice> {
      return toBillingInvoice(await findRow(storeId, invoiceId, handle));
    },

    /** The subscription's latest OPEN invoice (what dunning retries), or null. */
    async findOpen(storeId: string, subscriptionId: string): Promise<BillingInvoice | null> {
      const [row] = await db
        .select()
        .from(billingInvoices)
        .where(
          and(
            eq(billingInvoices.storeId, storeId),
            eq(billingInvoices.subscriptionId, subscriptionId),
            eq(billingInvoices.status, 'OPEN'),
          ),
        )
        .orderBy(desc(billingInvoices.number))
        .limit(1);
      return row ? toBillingInvoice(row) : null;
    },

    /** Newest first (by number); `cursor` is the last number seen. */
    async list(
      storeId: string,
      page: { cursor?: string; limit?: number },
    ): Promise<{ items: BillingInvoice[]; nextCursor: string | null }> {
      const limit = page.limit ?? 20;
      const rows = await db
        .select()
        .from(billingInvoices)
        .where(
          and(
            eq(billingInvoices.storeId, storeId),
            page.cursor ? lt(billingInvoices.number, page.cursor) : undefined,
          ),
        )
        .orderBy(desc(billingInvoices.number))
        .limit(limit + 1);
      const items = rows.slice(0, limit).map(toBillingInvoice);
      return {
        items,
        nextCursor: rows.length > limit ? (items[items.length - 1]?.number ?? null) : null,
      };
    },

    /**
     * A PDF receipt of a PAID invoice: 404 `billing_invoice_not_found` for another store's,
     * 409 `invoice_not_paid` before it is paid.
     */
    async receiptPdf(storeId: string, invoiceId: string, storeTitle: string): Promise<Buffer> {
      const row = await findRow(storeId, invoiceId);
      if (row.status !== 'PAID' || !row.paidAt) {
        throw new AppError('conflict', 'A receipt exists once the invoice is paid.', {
          reason: 'invoice_not_paid',
        });
      }
      const pdf = await PDFDocument.create();
      pdf.setTitle(`Receipt ${row.number}`);
      pdf.setProducer('Atelier');
      pdf.setCreationDate(row.paidAt);
      const page = pdf.addPage([595, 842]);
      const font = await pdf.embedFont(StandardFonts.Helvetica);
      const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
      let y = 780;
      const line = (
        text: string,
        options: { size?: number; isBold?: boolean; x?: number } = {},
      ) => {
        page.drawText(pdfText(text), {
          x: options.x ?? 50,
          y,
          size: options.size ?? 11,
          font: options.isBold ? bold : font,
        });
      };
      const next = (gap = 18) => {
        y -= gap;
      };
      line('Atelier', { size: 20, isBold: true });
      next(30);
      line(`Receipt ${row.number}`, { size: 14, isBold: true });
      next(22);
      line(`Billed to: ${storeTitle}`);
      next();
      line(`Paid on ${row.paidAt.toISOString().slice(0, 10)}`);
      next();
      if (row.periodStart && row.periodEnd) {
        line(
          `Period ${row.periodStart.toISOString().slice(0, 10)} to ${row.periodEnd.toISOString().slice(0, 10)}`,
        );
        next();
      }
      next(12);
      for (const item of row.lines) {
        line(item.description.slice(0, 80));
        line(money(item.amount, row.currencyCode), { x: 450 });
        next();
      }
      next(8);
      line('Subtotal');
      line(money(row.subtotal, row.currencyCode), { x: 450 });
      next();
      if (row.discount > 0) {
        line('Discount');
        line(money(-row.discount, row.currencyCode), { x: 450 });
        next();
      }
      line('Total paid', { isBold: true });
      line(money(row.amountPaid, row.currencyCode), { x: 450, isBold: true });
      next(30);
      line('Thank you for your business.', { size: 10 });
      return Buffer.from(await pdf.save());
    },
  } satisfies BillingInvoicesService & Record<string, unknown>;
  return service;
};
export type BillingInvoices = ReturnType<typeof createBillingInvoicesService>;
