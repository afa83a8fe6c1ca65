import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FinancingPlan } from '@atelier/contract/orders/checkout-totals';
import type { Database } from '@/db/client';
import { createEventBus, type EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { createCheckoutService } from './checkout.service';
import { createInvoiceService } from './invoice.service';
import { createInvoiceShippingAddressService } from './invoice-shipping-address';
import { invoiceShippingAddressRoutes } from './invoice-shipping-address.routes';
import { createOrderItemService } from './order-item.service';
import type { OrderCards, OrdersDirectory, PurchaseReviews } from './orders.ports';
import { createOrdersExportSources } from './orders.export';
import { createProductionCancelService } from './production-cancel.service';
import { createOrdersRepository, findChargeRecord } from './orders.repository';
import {
  ordersRoutes,
  partnerOrdersRoutes,
  paymentWebhookRoutes,
  publicOrdersRoutes,
} from './orders.routes';
import type { PaymentProvider } from './payments/payment-provider';
import { createPriceChangeService } from './price-changes';
import { priceChangeRoutes } from './price-changes.routes';
import { subscribeOrdersEmail, type OrdersEmailDeps } from './orders-email';
import type { AddressReference } from './shipping-address';

export type { OrderCards, OrdersDirectory, PurchaseReviews } from './orders.ports';
/** The fulfillment module's labels check addresses as checkout does (issue 15). */
export type { AddressReference };
export { shippingAddressIssues } from './shipping-address';
export type {
  ChargeResult,
  PaymentMethodInput,
  PaymentProvider,
} from './payments/payment-provider';
/** Billing (issue 13) saves and charges the same test cards and reads the provider's errors. */
export {
  PaymentProviderError,
  PaymentWebhookSignatureError,
  readSingleHeader,
  WEBHOOK_TOLERANCE_SECONDS,
} from './payments/payment-provider';
/** Billing's gateways (issue 13): the same Stripe client and error mapping, the same local signing. */
export { createStripeClient, toStripeProviderError } from './payments/stripe-payment-provider';
export {
  LOCAL_WEBHOOK_SIGNATURE_HEADER,
  signLocalWebhook,
  verifyLocalWebhookSignature,
} from './payments/local-webhook';
export { findCardProblem, findTestCard, toCardDigits } from './payments/test-cards';
export { createPaymentProvider, createPaypalProvider } from './payments/payment-provider-factory';

/**
 * The `idempotency_records` of the Idempotency-Key answers (checkout's `claim`, `complete`,
 * `release`, `expire`), for billing's money-moving POSTs (issue 13), each under its own `scope`.
 * These calls publish no event, so the bus given here is never used.
 */
export const createIdempotencyRecords = (db: Database) =>
  createOrdersRepository(db, createEventBus()).idempotency;
export type IdempotencyRecords = ReturnType<typeof createIdempotencyRecords>;

/**
 * The local payment provider's charge `providerChargeId` as the orders tables recorded it (its
 * memory is lost at a restart; confirm and refund need it).
 */
export const recoverLocalCharge = async (db: Database, providerChargeId: string) => {
  const record = await findChargeRecord(db, providerChargeId);
  if (!record) return undefined;
  const { payment, refunded } = record;
  const status =
    payment.status === 'COMPLETED'
      ? ('COMPLETED' as const)
      : payment.status === 'REQUIRES_ACTION'
        ? ('REQUIRES_ACTION' as const)
        : ('INSTRUMENT_DECLINED' as const);
  return {
    amount: payment.amount,
    currencyCode: payment.currencyCode,
    status,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    refunded,
  };
};

export type OrdersModuleDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  provider: PaymentProvider;
  /** Takes PayPal payments (spec §7 paypal-capture): `createPaypalProvider`'s. */
  paypal: PaymentProvider;
  directory: OrdersDirectory;
  addresses: AddressReference;
  reviews: PurchaseReviews;
  /**
   * Cards in the store's conversation with the supplier (chat module): an invoice sent, a
   * shipment's tracking link. Called after the change is committed.
   */
  cards: OrderCards;
  /** Instalment plans (config FINANCING_PLANS). */
  financingPlans: readonly FinancingPlan[];
  /** Offline e-mail to the other side (as chat does). */
  email: Pick<
    OrdersEmailDeps,
    'notifier' | 'findStoreEmail' | 'listSupplierEmails' | 'isOnline' | 'publicUrl'
  >;
};

/**
 * Orders module (issue 12; ARCHITECTURE.md §3 `orders`): supplier invoices, the cart, checkout
 * and payments through the PaymentProvider, the store's and the supplier's order items.
 */
export const createOrdersModule = ({
  db,
  clock,
  events,
  provider,
  paypal,
  directory,
  addresses,
  email,
  reviews,
  financingPlans,
  cards,
}: OrdersModuleDeps) => {
  subscribeOrdersEmail({
    ...email,
    db,
    clock,
    events,
    findSupplierNames: (ids) => directory.findSupplierNames(ids),
  });
  const repository = createOrdersRepository(db, events);
  const invoices = createInvoiceService({ db, clock, repository, directory, cards });
  const orderItems = createOrderItemService({
    db,
    clock,
    repository,
    directory,
    reviews,
    cards,
  });
  const checkout = createCheckoutService({
    db,
    clock,
    repository,
    provider,
    paypal,
    addresses,
    financingPlans,
  });
  const cancels = createProductionCancelService({
    db,
    clock,
    repository,
    provider,
    paypal,
    orderItems,
  });
  const prices = createPriceChangeService({ db, clock, repository, invoices, orderItems });
  const invoiceAddresses = createInvoiceShippingAddressService({
    db,
    clock,
    repository,
    addresses,
    invoices,
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(ordersRoutes({ invoices, orderItems, checkout, cancels }));
    await app.register(partnerOrdersRoutes({ invoices, orderItems, cancels }));
    await app.register(publicOrdersRoutes({ invoices, checkout }));
    await app.register(paymentWebhookRoutes(checkout));
    await app.register(priceChangeRoutes({ db, prices }));
    await app.register(invoiceShippingAddressRoutes(invoiceAddresses));
  };
  return {
    invoices,
    orderItems,
    checkout,
    repository,
    routes,
    /** The store's invoices, order items, payments and ledger in "Export my data". */
    exportSources: createOrdersExportSources(db),
  };
};
export type OrdersModule = ReturnType<typeof createOrdersModule>;
