import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  CreateInvoiceInputSchema,
  type CreateInvoiceInput,
  type Invoice,
  type InvoiceStatus,
  type PublicInvoice,
} from '@atelier/contract/orders/invoice';
import { orderItemTransitionIssue } from '@atelier/contract/orders/order-item';
import type { Database } from '@/db/client';
import type { Actor, SupplierActor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { toInvoice } from './orders.mappers';
import { storeActorOf, type OrderCards, type OrdersDirectory } from './orders.ports';
import { repriceToLines } from './price-changes';
import type { OrdersRepository, StatusActor } from './orders.repository';
import { supplierInvoiceItems, supplierInvoices, type SupplierInvoiceRow } from './orders.table';

export type InvoiceServiceDeps = {
  cards: Pick<OrderCards, 'invoiceSent'>;
  db: Database;
  clock: Clock;
  repository: OrdersRepository;
  directory: OrdersDirectory;
};

const invoiceNotFound = () =>
  new AppError('not_found', 'There is no such invoice in this store.', {
    reason: 'invoice_not_found',
  });

/**
 * Supplier invoices (issue 12 "Supplier invoices"; spec §7 creator-invoice-items): the supplier
 * writes one for a store it talks with; the store sees it under Invoices, adds its lines to the
 * cart, removes lines it does not want.
 */
export const createInvoiceService = ({
  db,
  clock,
  repository,
  directory,
  cards,
}: InvoiceServiceDeps) => {
  const present = async (tx: Database, invoices: readonly SupplierInvoiceRow[]) => {
    const ids = invoices.map((invoice) => invoice.id);
    const [lines, items, names, titles] = await Promise.all([
      repository.listInvoiceLines(tx, ids),
      repository.listItemsOfInvoices(tx, ids),
      directory.findSupplierNames([...new Set(invoices.map((invoice) => invoice.companyId))]),
      directory.findStoreTitles([...new Set(invoices.map((invoice) => invoice.storeId))]),
    ]);
    return invoices.map((invoice) =>
      toInvoice(invoice, lines, items, {
        supplierName: names.get(invoice.companyId) ?? 'Supplier',
        storeTitle: titles.get(invoice.storeId) ?? 'Store',
      }),
    );
  };

  /**
   * Puts the OPEN invoice's lines in its store's cart (see addToCart) and answers the ids of its
   * items in the cart; `storeId` undefined: any store (the public pay link).
   */
  const addLinesToCart = async (
    storeId: string | undefined,
    invoiceId: string,
    actor: StatusActor,
  ): Promise<{ storeId: string; itemIds: string[] }> => {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [invoice] = await tx
        .select()
        .from(supplierInvoices)
        .where(eq(supplierInvoices.id, invoiceId))
        .for('update');
      if (!invoice || (storeId !== undefined && invoice.storeId !== storeId)) {
        throw invoiceNotFound();
      }
      if (invoice.status !== 'OPEN') {
        throw new AppError(
          'conflict',
          `This invoice is ${invoice.status.toLowerCase()}: it cannot be added to the cart.`,
          {
            reason: 'invoice_not_open',
          },
        );
      }
      const lines = await repository.listInvoiceLines(tx, [invoice.id]);
      const items = await repository.listItemsOfInvoices(tx, [invoice.id]);
      const itemOfLine = new Map(items.map((item) => [item.invoiceItemId, item]));
      // The invoice shown is at its current prices: adding it again accepts them.
      await repriceToLines(tx, repository, items, lines, actor, now);
      const hasShippingItem = items.some((item) => item.shippingAmount > 0);
      const fresh = lines.filter((line) => !itemOfLine.has(line.id));
      await repository.insertItems(
        tx,
        fresh.map((line, index) => ({
          id: newId('coi'),
          storeId: invoice.storeId,
          companyId: invoice.companyId,
          kind: 'PRODUCTION' as const,
          status: 'IN_SHOPPING_CART' as const,
          category: line.category,
          title: line.title,
          catalogItemId: line.catalogItemId,
          invoiceId: invoice.id,
          invoiceItemId: line.id,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          currencyCode: invoice.currencyCode,
          shippingMode: invoice.shippingMode,
          shippingAmount: !hasShippingItem && index === 0 ? invoice.shippingAmount : 0,
          createdAt: now,
          updatedAt: now,
        })),
        actor,
        now,
      );
      const back = items.filter((item) => item.status === 'NOT_PURCHASED');
      await repository.moveItems(tx, back, 'IN_SHOPPING_CART', actor, now, {
        archivedAt: null,
      });
      const inCart = await repository.listItemsOfInvoices(tx, [invoice.id]);
      return {
        storeId: invoice.storeId,
        itemIds: inCart.filter((item) => item.status === 'IN_SHOPPING_CART').map((item) => item.id),
      };
    });
  };

  return {
    /**
     * Creates an invoice from the supplier's company to the store of the conversation. Throws
     * 404 `conversation_not_found` for another company's conversation, 400 for a shipping amount
     * with CHARGE_SHIPPING_LATER or NO_SHIPPING_NEEDED, or a catalog item of another company.
     */
    async createInvoice(supplier: SupplierActor, input: CreateInvoiceInput): Promise<Invoice> {
      const data = CreateInvoiceInputSchema.parse(input);
      const conversation = await directory.findConversation(data.conversationId);
      if (!conversation || conversation.companyId !== supplier.companyId) {
        throw new AppError('not_found', 'There is no such conversation.', {
          reason: 'conversation_not_found',
        });
      }
      if (
        data.shippingAmount > 0 &&
        (data.shippingMode === 'CHARGE_SHIPPING_LATER' ||
          data.shippingMode === 'NO_SHIPPING_NEEDED')
      ) {
        throw new AppError('bad_request', 'Shipping is not charged now with this shipping mode.', {
          details: [
            {
              field: 'shippingAmount',
              message: `Must be 0 when shipping is ${data.shippingMode === 'NO_SHIPPING_NEEDED' ? 'not needed' : 'charged later'}.`,
            },
          ],
        });
      }
      const itemIds = data.lines.flatMap((line) =>
        line.catalogItemId ? [line.catalogItemId] : [],
      );
      const catalog = await directory.findCatalogItems(itemIds);
      data.lines.forEach((line, index) => {
        if (
          line.catalogItemId &&
          catalog.get(line.catalogItemId)?.companyId !== supplier.companyId
        ) {
          throw new AppError('bad_request', 'A line names a catalog item that is not yours.', {
            details: [
              { field: `lines.${index}.catalogItemId`, message: 'Not an item of your catalog.' },
            ],
          });
        }
      });
      const now = clock.now();
      const invoice = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(supplierInvoices)
          .values({
            id: newId('inv'),
            sn: randomBytes(16).toString('hex'),
            storeId: conversation.storeId,
            companyId: supplier.companyId,
            status: 'OPEN',
            currencyCode: data.currencyCode,
            shippingMode: data.shippingMode,
            shippingAmount: data.shippingAmount,
            leadTimeDays: data.leadTimeDays,
            notes: data.notes,
            createdByUserId: supplier.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await tx.insert(supplierInvoiceItems).values(
          data.lines.map((line, position) => ({
            id: newId('ivl'),
            invoiceId: row!.id,
            storeId: conversation.storeId,
            position,
            title: line.title,
            category: line.category,
            quantity: line.quantity,
            unitPrice: line.unitPrice,
            catalogItemId: line.catalogItemId,
          })),
        );
        await repository.publishInvoice(tx, row!);
        return row!;
      });
      const [shown] = await present(db, [invoice]);
      const [first, ...others] = shown!.lines;
      await cards.invoiceSent({
        supplier,
        storeId: invoice.storeId,
        invoiceId: invoice.id,
        title: `${first!.title}${others.length > 0 ? ` and ${others.length} more` : ''}`.slice(
          0,
          300,
        ),
        lineCount: shown!.lines.length,
        total: shown!.total,
        currencyCode: shown!.currencyCode,
      });
      return shown!;
    },

    /** The company's invoices, newest first. */
    async listPartnerInvoices(supplier: SupplierActor, status?: InvoiceStatus) {
      const rows = await repository.listInvoices({ companyId: supplier.companyId, status });
      return { items: await present(db, rows) };
    },

    /** The store's invoices (Invoices tab), newest first, and how many are open. */
    async listInvoices(storeId: string, status?: InvoiceStatus) {
      const [rows, openCount] = await Promise.all([
        repository.listInvoices({ storeId, status }),
        repository.countOpenInvoices(storeId),
      ]);
      return { items: await present(db, rows), openCount };
    },

    /** One of the store's invoices; 404 `invoice_not_found` for another store's. */
    async getInvoice(storeId: string, id: string): Promise<Invoice> {
      const row = await repository.findInvoiceForStore(db, storeId, id);
      if (!row) throw invoiceNotFound();
      return (await present(db, [row]))[0]!;
    },

    /**
     * Spec §7 add-to-cart: each live line of an OPEN invoice without an order item becomes a
     * PRODUCTION item IN_SHOPPING_CART (the invoice's shipping on its first); a line whose item
     * left the cart (NOT_PURCHASED) goes back in. Adding twice changes nothing. 409
     * `invoice_not_open` for a paid or voided invoice.
     */
    async addToCart(actor: Actor, invoiceId: string): Promise<Invoice> {
      await addLinesToCart(actor.storeId, invoiceId, storeActorOf(actor));
      return this.getInvoice(actor.storeId, invoiceId);
    },

    /**
     * Spec §7 DELETE creator-invoice-items/{id}: removes a line of the store's OPEN invoice (its
     * order item, if in the cart, leaves it). 409 `invoice_item_paid` once paid.
     */
    async removeInvoiceLine(actor: Actor, lineId: string): Promise<Invoice> {
      const now = clock.now();
      const invoiceId = await db.transaction(async (tx) => {
        const [line] = await tx
          .select()
          .from(supplierInvoiceItems)
          .where(eq(supplierInvoiceItems.id, lineId))
          .for('update');
        if (!line || line.storeId !== actor.storeId || line.removedAt) {
          throw new AppError('not_found', 'There is no such invoice line.', {
            reason: 'invoice_item_not_found',
          });
        }
        const items = (await repository.listItemsOfInvoices(tx, [line.invoiceId])).filter(
          (item) => item.invoiceItemId === line.id,
        );
        for (const item of items) {
          if (item.status !== 'IN_SHOPPING_CART' && item.status !== 'NOT_PURCHASED') {
            throw new AppError(
              'conflict',
              orderItemTransitionIssue(item.status, 'CANCELED', item.kind) ??
                'This line is paid: it cannot be removed.',
              {
                reason: 'invoice_item_paid',
              },
            );
          }
        }
        // Never bought: canceled and archived, so no Orders & Shipments tab lists it.
        await repository.moveItems(
          tx,
          items,
          'CANCELED',
          storeActorOf(actor),
          now,
          { archivedAt: now },
          'Invoice line removed',
        );
        await tx
          .update(supplierInvoiceItems)
          .set({ removedAt: now })
          .where(eq(supplierInvoiceItems.id, line.id));
        return line.invoiceId;
      });
      return this.getInvoice(actor.storeId, invoiceId);
    },

    /** The invoice of a public pay link (spec §2 /public-pay-invoice/{sn}); 404 otherwise. */
    async getPublicInvoice(sn: string): Promise<PublicInvoice> {
      const row = await repository.findInvoiceBySn(sn);
      if (!row) throw invoiceNotFound();
      const {
        storeId: _store,
        companyId: _company,
        shippingAddress: _address,
        shippingAddressAddedAt: _addedAt,
        ...shown
      } = (await present(db, [row]))[0]!;
      return shown;
    },

    /**
     * The public pay link's payment: the invoice's open lines go to its store's cart (as the pay
     * link), and those items are what is charged. 404 for an unknown link, 409 once paid.
     */
    async preparePublicPayment(sn: string): Promise<{ storeId: string; itemIds: string[] }> {
      const row = await repository.findInvoiceBySn(sn);
      if (!row) throw invoiceNotFound();
      if (row.status !== 'OPEN') {
        // A retry of the payment that paid it replays its answer (same key, same items); any
        // other payment is refused by the items' states (409).
        const items = await repository.listItemsOfInvoices(db, [row.id]);
        return { storeId: row.storeId, itemIds: items.map((item) => item.id).sort() };
      }
      const prepared = await addLinesToCart(undefined, row.id, { kind: 'pay_link' });
      if (prepared.itemIds.length === 0) {
        // Its lines are being paid already (a payment waits for the card holder's authentication).
        throw new AppError(
          'conflict',
          'A payment of this invoice is waiting for the card holder to confirm it; it cannot be paid again meanwhile.',
          { reason: 'invoice_payment_pending' },
        );
      }
      return { ...prepared, itemIds: [...prepared.itemIds].sort() };
    },
  };
};
export type InvoiceService = ReturnType<typeof createInvoiceService>;
