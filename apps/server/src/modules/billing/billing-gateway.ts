import { z } from 'zod';
import {
  PaymentProviderError,
  PaymentWebhookSignatureError,
  verifyLocalWebhookSignature,
  type PaymentMethodInput,
  type PaymentProvider,
} from '../orders';
import type { BillingInvoiceLine } from './billing.table';

/** A saved card as the provider describes it (brand lowercase as Stripe names it: `visa`). */
export type BillingCard = {
  /** What the provider charges: Stripe's `pm_…` (Stripe may answer with another id than sent). */
  providerPaymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
};

/** One charge of an Atelier invoice. Money in integer minor units of `currencyCode` (ISO 4217). */
export type BillingChargeInput = {
  /** The store's provider customer (`cus_…`); null with the local gateway. */
  customerId: string | null;
  invoice: {
    id: string;
    storeId: string;
    number: string;
    /** Atelier's lines as invoiced (negative lines are credits, the discount line included). */
    lines: BillingInvoiceLine[];
    /** The sum of `lines`, > 0. */
    total: number;
    currencyCode: string;
    /** 1 for the first charge, then 2, 3…: part of the idempotency keys. */
    attempt: number;
  };
  /** The saved card's charge input (`PaymentMethodsService.chargeInputOf`). */
  paymentMethod: PaymentMethodInput;
  /** The provider's invoice of an earlier attempt: a retry pays it again, never a second one. */
  providerInvoiceId: string | null;
  /**
   * Called once the provider's invoice exists and before it is paid, so the caller keeps its id
   * even when paying then fails (the retry then pays that invoice).
   */
  onProviderInvoice?: (providerInvoiceId: string) => Promise<void>;
};

/** What a charge ended with; a decline is a result and `reason` is safe to show the store. */
export type BillingChargeResult =
  | { status: 'PAID'; providerInvoiceId: string | null; providerChargeId: string | null }
  | {
      status: 'DECLINED';
      reason: string;
      providerInvoiceId: string | null;
      providerChargeId: string | null;
    };

/**
 * A verified billing webhook in provider-neutral terms. `id` is the provider's event id (events
 * come at least once: the handler records each once). `amountPaid` is in integer minor units of
 * `currencyCode` (uppercase ISO 4217), null when the event carries no money.
 * `providerCustomerId` is the customer the invoice or card belonged to, when the provider says.
 */
export type BillingWebhookEvent = {
  id: string;
  type:
    | 'invoice.paid'
    | 'invoice.payment_failed'
    | 'invoice.voided'
    | 'invoice.marked_uncollectible'
    | 'payment_method.detached'
    | 'other';
  providerInvoiceId: string | null;
  providerPaymentMethodId: string | null;
  providerCustomerId: string | null;
  amountPaid: number | null;
  currencyCode: string | null;
  failureReason: string | null;
};

/** Why a card that asks for authentication is a decline here: renewals run without the store. */
export const REQUIRES_ACTION_REASON =
  'This card asks for authentication, which renewals cannot do. Use another card.';

/**
 * Issue 13: how billing moves money (billing-gateway.ts). Atelier's engine decides WHEN and HOW
 * MUCH (renewals, dunning, proration: one rule set for every provider); a gateway only carries
 * out one step at the provider. Two implementations: the local one below (the shared
 * PaymentProvider's test cards, the default install) and Stripe Billing
 * (`stripe-billing-gateway.ts`: Customers, PaymentMethods, Invoices). No gateway creates a
 * provider-side subscription: a second schedule at the provider would charge twice.
 *
 * Every method throws `PaymentProviderError` when the provider cannot answer (unreachable, rate
 * limited, misconfigured, a request it refuses); a declined card is a result, not an error.
 */
export interface BillingGateway {
  /** `billing_payment_methods.provider` of the cards it saves: 'local' or 'stripe'. */
  readonly name: 'local' | 'stripe';
  /**
   * The store's provider customer: `existingCustomerId` when set, else one created once per
   * store (idempotent per store id). The local gateway has no customers: null.
   */
  ensureCustomer(input: {
    storeId: string;
    existingCustomerId: string | null;
    email: string | null;
    name: string | null;
  }): Promise<string | null>;
  /** Attaches a provider card (`pm_…`) to the customer and reads its brand, last 4 and expiry. */
  attachCard(customerId: string, providerPaymentMethodId: string): Promise<BillingCard>;
  /** Makes the card the customer's default for invoices (informative: charges name the card). */
  setDefaultCard(customerId: string, providerPaymentMethodId: string): Promise<void>;
  /** Removes the card from its customer; a card already detached is fine. */
  detachCard(providerPaymentMethodId: string): Promise<void>;
  /**
   * Charges an invoice's `total` with the card, idempotent per invoice id and attempt: the
   * provider's invoice is made once (lines as given) and a retry pays that same invoice. A card
   * that asks for authentication is DECLINED with `REQUIRES_ACTION_REASON`.
   */
  chargeInvoice(input: BillingChargeInput): Promise<BillingChargeResult>;
  /** Dunning gave up (`void`): the provider's invoice is voided too. */
  voidInvoice(providerInvoiceId: string): Promise<void>;
  /** Dunning gave up (`mark_uncollectible`): the provider's invoice is marked so too. */
  markUncollectible(providerInvoiceId: string): Promise<void>;
  /**
   * Verifies a webhook over its RAW body and reads it. Throws `PaymentWebhookSignatureError`
   * when the signature is missing, wrong or outside WEBHOOK_TOLERANCE_SECONDS, or the signed
   * body is not an event.
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): BillingWebhookEvent;
}

/**
 * The body of a local billing webhook (signed like the local payment webhooks):
 * `{ id, type, data: { providerInvoiceId, amountPaid (integer minor units), currencyCode,
 * failureReason } }`; an unknown `type` reads as `other`.
 */
export const LocalBillingWebhookBodySchema = z.object({
  id: z.string().min(1),
  type: z
    .enum([
      'invoice.paid',
      'invoice.payment_failed',
      'invoice.voided',
      'invoice.marked_uncollectible',
      'other',
    ])
    .catch('other'),
  data: z
    .object({
      providerInvoiceId: z.string().nullable().default(null),
      amountPaid: z.number().int().nullable().default(null),
      currencyCode: z.string().nullable().default(null),
      failureReason: z.string().nullable().default(null),
    })
    .default({
      providerInvoiceId: null,
      amountPaid: null,
      currencyCode: null,
      failureReason: null,
    }),
});

/**
 * The local gateway (the default install): charges through the shared PaymentProvider (local
 * test cards, nothing real) with the key `billing-<invoice id>-<attempt>`; no customers, no
 * provider invoices (`providerInvoiceId` stays null). Its webhooks are signed like the local
 * payment webhooks (`x-atelier-local-signature`, `secret`). Its cards exist only in Atelier, so
 * no `payment_method.detached` comes from it (test card ids are the same in every store).
 */
export const createLocalBillingGateway = ({
  provider,
  webhookSecret,
  now = () => new Date(),
}: {
  provider: Pick<PaymentProvider, 'charge'>;
  webhookSecret: string;
  now?: () => Date;
}): BillingGateway => ({
  name: 'local',
  async ensureCustomer() {
    return null;
  },
  async attachCard() {
    throw new PaymentProviderError('payment_provider_rejected', {
      message: 'The local test provider saves its test cards only.',
    });
  },
  async setDefaultCard() {},
  async detachCard() {},
  async chargeInvoice({ invoice, paymentMethod }) {
    const result = await provider.charge({
      amount: invoice.total,
      currencyCode: invoice.currencyCode,
      paymentMethod,
      idempotencyKey: `billing-${invoice.id}-${invoice.attempt}`,
      description: `Atelier invoice ${invoice.number}`,
      metadata: { storeId: invoice.storeId, billingInvoiceId: invoice.id },
    });
    if (result.status === 'COMPLETED') {
      return {
        status: 'PAID',
        providerInvoiceId: null,
        providerChargeId: result.providerChargeId,
      };
    }
    return {
      status: 'DECLINED',
      reason: result.status === 'REQUIRES_ACTION' ? REQUIRES_ACTION_REASON : result.reason,
      providerInvoiceId: null,
      providerChargeId: result.providerChargeId,
    };
  },
  async voidInvoice() {},
  async markUncollectible() {},
  parseWebhook(rawBody, headers) {
    verifyLocalWebhookSignature(rawBody, headers, webhookSecret, now());
    let body: z.infer<typeof LocalBillingWebhookBodySchema>;
    try {
      body = LocalBillingWebhookBodySchema.parse(JSON.parse(rawBody.toString('utf8')));
    } catch (error) {
      throw new PaymentWebhookSignatureError('The webhook body is not an event.', {
        cause: error,
      });
    }
    return {
      id: body.id,
      type: body.type,
      providerInvoiceId: body.data.providerInvoiceId,
      providerPaymentMethodId: null,
      providerCustomerId: null,
      amountPaid: body.data.amountPaid,
      currencyCode: body.data.currencyCode?.toUpperCase() ?? null,
      failureReason: body.data.failureReason,
    };
  },
});
