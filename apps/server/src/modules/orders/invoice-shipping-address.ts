import { and, eq } from 'drizzle-orm';
import type { Invoice, InvoiceStatus } from '@atelier/contract/orders/invoice';
import type { PostalAddress } from '@atelier/contract/sales/order';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { OrdersRepository } from './orders.repository';
import { supplierInvoices } from './orders.table';
import { shippingAddressIssues, type AddressReference } from './shipping-address';

export type InvoiceShippingAddressDeps = {
  db: Database;
  clock: Clock;
  repository: Pick<OrdersRepository, 'findInvoiceForStore' | 'publishInvoice'>;
  addresses: AddressReference;
  /** The invoice service's store-side read (the answer). */
  invoices: { getInvoice(storeId: string, id: string): Promise<Invoice> };
};

const invoiceNotFound = () =>
  new AppError('not_found', 'There is no such invoice in this store.', {
    reason: 'invoice_not_found',
  });

const notOpen = (status: InvoiceStatus) =>
  new AppError(
    'conflict',
    `This invoice is ${status === 'VOIDED' ? 'voided' : 'paid'}: its shipping address can no longer be changed.`,
    { reason: 'invoice_not_open' },
  );

/** Blank text parts are stored as null, as checkout's form sends them. */
const normalized = (address: PostalAddress): PostalAddress => {
  const orNull = (value: string | null) => (value && value.trim() !== '' ? value.trim() : null);
  return {
    name: orNull(address.name),
    company: orNull(address.company),
    line1: orNull(address.line1),
    line2: orNull(address.line2),
    city: orNull(address.city),
    stateCode: orNull(address.stateCode),
    postalCode: orNull(address.postalCode),
    countryCode: orNull(address.countryCode),
    phone: orNull(address.phone),
  };
};

const isSameAddress = (a: PostalAddress | null, b: PostalAddress) =>
  a !== null &&
  (Object.keys(b) as (keyof PostalAddress)[]).every((key) => (a[key] ?? null) === b[key]);

/**
 * Spec §2 /add-shipping-address/{invoiceId} (issue 12): the store says where the goods of a
 * supplier's invoice go before paying it, so the supplier can quote shipping charged later and
 * checkout starts from it.
 */
export const createInvoiceShippingAddressService = ({
  db,
  clock,
  repository,
  addresses,
  invoices,
}: InvoiceShippingAddressDeps) => ({
  /**
   * Saves `address` on the store's invoice `invoiceId` (replacing an earlier one) and stamps
   * `shippingAddressAddedAt`; publishes `orders.invoice.updated` (change `SHIPPING_ADDRESS`) so
   * the supplier's screens follow live. The same address again changes nothing. Throws 404
   * `invoice_not_found` (another store's invoice, nothing changed), 409 `invoice_not_open` once
   * paid or voided, 400 with the address's fields (`postalCode`, `countryCode`, `stateCode`,
   * `name`, `line1`, `city`) as checkout's `shippingAddressIssues` finds them.
   */
  async saveShippingAddress(
    actor: Actor,
    invoiceId: string,
    input: PostalAddress,
  ): Promise<Invoice> {
    const found = await repository.findInvoiceForStore(db, actor.storeId, invoiceId);
    if (!found) throw invoiceNotFound();
    if (found.status !== 'OPEN') throw notOpen(found.status);
    const address = normalized(input);
    // The reference data is read before the transaction (PGlite has one connection).
    const issues = await shippingAddressIssues(address, addresses, '');
    if (issues.length > 0) {
      throw new AppError('bad_request', 'Check the shipping address.', {
        details: issues,
      });
    }
    await db.transaction(async (tx) => {
      const [invoice] = await tx
        .select()
        .from(supplierInvoices)
        .where(and(eq(supplierInvoices.id, invoiceId), eq(supplierInvoices.storeId, actor.storeId)))
        .for('update');
      if (!invoice) throw invoiceNotFound();
      // Paid (or voided) meanwhile: the payment's own address stands.
      if (invoice.status !== 'OPEN') throw notOpen(invoice.status);
      if (isSameAddress(invoice.shippingAddress ?? null, address)) return;
      const now = clock.now();
      await tx
        .update(supplierInvoices)
        .set({ shippingAddress: address, shippingAddressAddedAt: now, updatedAt: now })
        .where(eq(supplierInvoices.id, invoice.id));
      await repository.publishInvoice(tx, invoice, 'SHIPPING_ADDRESS');
    });
    return invoices.getInvoice(actor.storeId, invoiceId);
  },
});
export type InvoiceShippingAddressService = ReturnType<typeof createInvoiceShippingAddressService>;
