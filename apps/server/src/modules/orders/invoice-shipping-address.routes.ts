import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { saveInvoiceShippingAddress } from '@atelier/contract/orders/invoice';
import { routeOptions } from '@/lib/endpoint';
import type { InvoiceShippingAddressService } from './invoice-shipping-address';

/**
 * Spec §2 /add-shipping-address/{invoiceId}: the store saves where an invoice's goods go (the
 * caller's store's invoices only; another store's answers 404).
 */
export const invoiceShippingAddressRoutes =
  (addresses: InvoiceShippingAddressService): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      saveInvoiceShippingAddress.path,
      routeOptions(saveInvoiceShippingAddress),
      async (request) =>
        addresses.saveShippingAddress(request.actor, request.params.id, request.body),
    );
  };
