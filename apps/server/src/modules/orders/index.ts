import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { createCheckoutService } from './checkout.service';
import { createInvoiceService, type OrdersDirectory } from './invoice.service';
import { createOrderItemService } from './order-item.service';
import { createOrdersRepository } from './orders.repository';
import { ordersRoutes, partnerOrdersRoutes } from './orders.routes';
import type { PaymentProvider } from './payments/payment-provider';
import type { AddressReference } from './shipping-address';

export type { OrdersDirectory } from './invoice.service';
export type { PaymentProvider } from './payments/payment-provider';
export { createPaymentProvider } from './payments/payment-provider-factory';

export type OrdersModuleDeps = {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  directory: OrdersDirectory;
  addresses: AddressReference;
};

/**
 * Orders module (issue 12; ARCHITECTURE.md §3 `orders`): supplier invoices, the cart, checkout
 * and payments through the PaymentProvider, the store's and the supplier's order items.
 */
export const createOrdersModule = ({
  db,
  clock,
  provider,
  directory,
  addresses,
}: OrdersModuleDeps) => {
  const repository = createOrdersRepository(db);
  const invoices = createInvoiceService({ db, clock, repository, directory });
  const orderItems = createOrderItemService({ db, clock, repository, directory });
  const checkout = createCheckoutService({ db, clock, repository, provider, addresses });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(ordersRoutes({ invoices, orderItems, checkout }));
    await app.register(partnerOrdersRoutes({ invoices, orderItems }));
  };
  return { invoices, orderItems, checkout, repository, routes };
};
export type OrdersModule = ReturnType<typeof createOrdersModule>;
