import Stripe from 'stripe';
import { z } from 'zod';
import {
  createStripeClient,
  PaymentProviderError,
  PaymentWebhookSignatureError,
  readSingleHeader,
  toStripeProviderError,
  WEBHOOK_TOLERANCE_SECONDS,
} from '../orders';
import {
  REQUIRES_ACTION_REASON,
  type BillingChargeInput,
  type BillingChargeResult,
  type BillingGateway,
  type BillingWebhookEvent,
} from './billing-gateway';

export type StripeBillingGatewayOptions = {
  /** `sk_test_…` or `sk_live_…`; never leaves the server. */
  secretKey: string;
  /** `whsec_…`, the signing secret of the billing webhook endpoint. */
  webhookSecret: string;
  /** Where the API is, e.g. the local fake in tests; Stripe's own by default. */
  apiBaseUrl?: string | undefined;
  /** Time source for the webhook tolerance; defaults to the system clock. */
  now?: () => Date;
  /** Retries of failed connections and 5xx answers (idempotency keys make them safe); default 2. */
  maxNetworkRetries?: number;
};

/** Stripe's code for an invoice payment that waits for the customer's authentication. */
const REQUIRES_ACTION_CODE = 'invoice_payment_intent_requires_action';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const unixSeconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/** The PaymentIntent (or charge) that paid an invoice: its first paid invoice payment. */
const chargeIdOf = (invoice: Stripe.Invoice): string | null => {
  const payment = invoice.payments?.data.find((entry) => entry.status === 'paid')?.payment;
  return idOf(payment?.payment_intent) ?? idOf(payment?.charge);
};

const StripeIdSchema = z.union([z.string(), z.object({ id: z.string() })]).nullish();

/** What is read of an invoice event's object (a signed but odd body is refused, not a 500). */
const InvoiceObjectSchema = z.object({
  id: z.string().min(1),
  customer: StripeIdSchema,
  amount_paid: z.number().int().nonnegative(),
  currency: z.string().regex(/^[a-z]{3}$/i),
});
const PaymentMethodObjectSchema = z.object({ id: z.string().min(1), customer: StripeIdSchema });
const DetachedPreviousSchema = z.object({ customer: StripeIdSchema }).nullish();

const INVOICE_EVENTS = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.voided',
  'invoice.marked_uncollectible',
] as const);
type InvoiceEventType = typeof INVOICE_EVENTS extends Set<infer T> ? T : never;
const isInvoiceEvent = (type: string): type is InvoiceEventType =>
  INVOICE_EVENTS.has(type as InvoiceEventType);

const EventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string(),
  data: z.object({ object: z.unknown(), previous_attributes: z.unknown().optional() }),
});

const toWebhookEvent = (raw: Stripe.Event): BillingWebhookEvent => {
  const event = EventSchema.parse(raw);
  const none = {
    id: event.id,
    providerInvoiceId: null,
    providerPaymentMethodId: null,
    providerCustomerId: null,
    amountPaid: null,
    currencyCode: null,
    failureReason: null,
  };
  if (isInvoiceEvent(event.type)) {
    const invoice = InvoiceObjectSchema.parse(event.data.object);
    return {
      ...none,
      type: event.type,
      providerInvoiceId: invoice.id,
      providerCustomerId: idOf(invoice.customer),
      amountPaid: event.type === 'invoice.paid' ? invoice.amount_paid : null,
      currencyCode: invoice.currency.toUpperCase(),
      // The invoice does not say why its payment failed; Atelier recorded the card's reason
      // when it charged.
      failureReason: event.type === 'invoice.payment_failed' ? 'The card was declined.' : null,
    };
  }
  if (event.type === 'payment_method.detached') {
    const method = PaymentMethodObjectSchema.parse(event.data.object);
    // Detached, the card has no customer any more; Stripe names the former one in
    // previous_attributes.
    const previous = DetachedPreviousSchema.parse(event.data.previous_attributes);
    return {
      ...none,
      type: 'payment_method.detached',
      providerPaymentMethodId: method.id,
      providerCustomerId: idOf(previous?.customer) ?? idOf(method.customer),
    };
  }
  // customer.subscription.* and the rest: Atelier keeps no Stripe subscription to follow.
  return { ...none, type: 'other' };
};

/**
 * Issue 13 `BillingGateway` over Stripe Billing (used when `STRIPE_SECRET_KEY` is set): one
 * Stripe Customer per store (`metadata.storeId`), cards attached to it, and for every Atelier
 * invoice one Stripe Invoice (`charge_automatically`, `auto_advance: false`, one invoice item per
 * Atelier line, negative lines as credits) finalized and paid off-session with the store's card.
 * Atelier's engine decides when and how much; this adapter creates NO Stripe Subscription (a
 * second schedule at Stripe would charge twice) and never lets Stripe retry on its own
 * (`auto_advance: false`: dunning is Atelier's). Idempotency keys derive from the store id
 * (customer) and the Atelier invoice id (+ attempt), so a retry never charges twice. Amounts are
 * integer minor units; currencies go out lowercase. Throws `PaymentProviderError` when Stripe
 * cannot answer; a card decline is a result.
 */
export const createStripeBillingGateway = ({
  secretKey,
  webhookSecret,
  apiBaseUrl,
  now = () => new Date(),
  maxNetworkRetries = 2,
}: StripeBillingGatewayOptions): BillingGateway => {
  const stripe = createStripeClient({ secretKey, apiBaseUrl, maxNetworkRetries });

  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw toStripeProviderError(error);
    }
  };

  /** A new Stripe invoice with the Atelier lines, finalized (open), ready to pay. */
  const openInvoice = async (input: BillingChargeInput): Promise<Stripe.Invoice> => {
    const { invoice, customerId } = input;
    if (!customerId) {
      throw new PaymentProviderError('payment_provider_rejected', {
        message: 'The store has no Stripe customer; add the card again.',
      });
    }
    const key = `billing-invoice-${invoice.id}`;
    const currency = invoice.currencyCode.toLowerCase();
    const draft = await call(() =>
      stripe.invoices.create(
        {
          customer: customerId,
          collection_method: 'charge_automatically',
          auto_advance: false,
          currency,
          description: `Atelier invoice ${invoice.number}`,
          pending_invoice_items_behavior: 'exclude',
          metadata: {
            billingInvoiceId: invoice.id,
            storeId: invoice.storeId,
            number: invoice.number,
          },
        },
        { idempotencyKey: key },
      ),
    );
    for (const [index, line] of invoice.lines.entries()) {
      await call(() =>
        stripe.invoiceItems.create(
          {
            customer: customerId,
            invoice: draft.id,
            amount: line.amount,
            currency,
            description: line.description,
            ...(line.periodStart && line.periodEnd
              ? {
                  period: {
                    start: unixSeconds(line.periodStart),
                    end: unixSeconds(line.periodEnd),
                  },
                }
              : {}),
            metadata: { billingInvoiceId: invoice.id },
          },
          { idempotencyKey: `${key}-line-${index}` },
        ),
      );
    }
    const finalized = await call(() =>
      stripe.invoices.finalizeInvoice(
        draft.id,
        { auto_advance: false },
        { idempotencyKey: `${key}-finalize` },
      ),
    );
    if (finalized.total !== invoice.total) {
      throw new PaymentProviderError('payment_provider_rejected', {
        message: 'Stripe totals the invoice differently; nothing was charged.',
      });
    }
    return finalized;
  };

  const pay = async (
    stripeInvoice: Stripe.Invoice,
    input: BillingChargeInput,
  ): Promise<BillingChargeResult> => {
    const providerInvoiceId = stripeInvoice.id;
    if (stripeInvoice.status === 'paid') {
      return { status: 'PAID', providerInvoiceId, providerChargeId: chargeIdOf(stripeInvoice) };
    }
    if (stripeInvoice.status === 'void') {
      return {
        status: 'DECLINED',
        reason: 'This invoice was voided at Stripe.',
        providerInvoiceId,
        providerChargeId: null,
      };
    }
    if (input.paymentMethod.type !== 'stripe') {
      // Card numbers must never reach this server when Stripe is configured.
      return {
        status: 'DECLINED',
        reason: 'Test cards work only with the local payment provider.',
        providerInvoiceId,
        providerChargeId: null,
      };
    }
    const paymentMethodId = input.paymentMethod.paymentMethodId;
    try {
      const paid = await stripe.invoices.pay(
        providerInvoiceId,
        { payment_method: paymentMethodId, off_session: true, expand: ['payments'] },
        { idempotencyKey: `billing-invoice-${input.invoice.id}-pay-${input.invoice.attempt}` },
      );
      if (paid.status === 'paid') {
        return { status: 'PAID', providerInvoiceId, providerChargeId: chargeIdOf(paid) };
      }
      return {
        status: 'DECLINED',
        reason: 'Stripe did not complete the payment.',
        providerInvoiceId,
        providerChargeId: null,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return {
          status: 'DECLINED',
          reason: error.code === REQUIRES_ACTION_CODE ? REQUIRES_ACTION_REASON : error.message,
          providerInvoiceId,
          providerChargeId: idOf(error.payment_intent),
        };
      }
      throw toStripeProviderError(error);
    }
  };

  return {
    name: 'stripe',

    async ensureCustomer({ storeId, existingCustomerId, email, name }) {
      if (existingCustomerId) return existingCustomerId;
      const customer = await call(() =>
        stripe.customers.create(
          {
            ...(email ? { email } : {}),
            ...(name ? { name } : {}),
            metadata: { storeId },
          },
          { idempotencyKey: `billing-customer-${storeId}` },
        ),
      );
      return customer.id;
    },

    async attachCard(customerId, providerPaymentMethodId) {
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.attach(providerPaymentMethodId, {
          customer: customerId,
        });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          throw new PaymentProviderError('payment_provider_rejected', {
            cause: error,
            message: error.message,
          });
        }
        throw toStripeProviderError(error);
      }
      if (!method.card) {
        throw new PaymentProviderError('payment_provider_rejected', {
          message: 'Only cards can pay for a plan.',
        });
      }
      return {
        providerPaymentMethodId: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    },

    async setDefaultCard(customerId, providerPaymentMethodId) {
      await call(() =>
        stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: providerPaymentMethodId },
        }),
      );
    },

    async detachCard(providerPaymentMethodId) {
      try {
        await stripe.paymentMethods.detach(providerPaymentMethodId);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
          throw toStripeProviderError(error);
        }
        // Already detached (in Stripe's dashboard, say) or gone: what was asked for holds.
        if (error.code === 'resource_missing') return;
        const method = await call(() => stripe.paymentMethods.retrieve(providerPaymentMethodId));
        if (method.customer) throw toStripeProviderError(error);
      }
    },

    async chargeInvoice(input) {
      let stripeInvoice: Stripe.Invoice;
      if (input.providerInvoiceId) {
        const existing = input.providerInvoiceId;
        stripeInvoice = await call(() => stripe.invoices.retrieve(existing));
        if (stripeInvoice.status === 'draft') {
          const draftId = existing;
          stripeInvoice = await call(() =>
            stripe.invoices.finalizeInvoice(
              draftId,
              { auto_advance: false },
              { idempotencyKey: `billing-invoice-${input.invoice.id}-finalize` },
            ),
          );
        }
      } else {
        stripeInvoice = await openInvoice(input);
        await input.onProviderInvoice?.(stripeInvoice.id);
      }
      return pay(stripeInvoice, input);
    },

    async voidInvoice(providerInvoiceId) {
      await call(() =>
        stripe.invoices.voidInvoice(
          providerInvoiceId,
          {},
          { idempotencyKey: `billing-void-${providerInvoiceId}` },
        ),
      );
    },

    async markUncollectible(providerInvoiceId) {
      await call(() =>
        stripe.invoices.markUncollectible(
          providerInvoiceId,
          {},
          { idempotencyKey: `billing-uncollectible-${providerInvoiceId}` },
        ),
      );
    },

    parseWebhook(rawBody, headers) {
      const signature = readSingleHeader(headers, 'stripe-signature');
      if (!signature) throw new PaymentWebhookSignatureError('The webhook signature is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now().getTime(),
        );
      } catch (error) {
        const message =
          error instanceof Stripe.errors.StripeSignatureVerificationError
            ? 'The webhook signature is not valid.'
            : 'The webhook body is not an event.';
        throw new PaymentWebhookSignatureError(message, { cause: error });
      }
      try {
        return toWebhookEvent(event);
      } catch (error) {
        throw new PaymentWebhookSignatureError('The webhook body is not an event.', {
          cause: error,
        });
      }
    },
  };
};
