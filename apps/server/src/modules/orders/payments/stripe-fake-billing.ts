import {
  invalidRequest,
  randomId,
  TEST_PAYMENT_METHODS,
  type StripeFakeReply as Reply,
  type TestPaymentMethod,
} from './stripe-fake-api';

type Json = Record<string, unknown>;
type Customer = Json & { id: string; invoice_settings: { default_payment_method: string | null } };
type PaymentMethod = Json & {
  id: string;
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
};
type LineItem = Json & { amount: number };
type Invoice = Json & {
  id: string;
  customer: string;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  lines: { object: 'list'; data: LineItem[]; has_more: false; total_count: number; url: string };
  payments: Json[];
  attempt_count: number;
  status_transitions: Record<string, number | null>;
};

/** An event as Stripe delivers it to a webhook endpoint (`data.object` as it is after the change). */
export type StripeFakeEvent = Json & { id: string; type: string; data: Json };

/** The API version the fake's events say they were rendered with (the library's). */
const API_VERSION = '2026-10-28.endive';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const copy = <T>(value: T): T => structuredClone(value);

/** `metadata[key]` form fields as an object. */
const metadataOf = (fields: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => key.startsWith('metadata['))
      .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
  );

const expandsOf = (fields: Record<string, string>) =>
  Object.entries(fields)
    .filter(([key]) => key.startsWith('expand['))
    .map(([, value]) => value);

const missing = (kind: string, id: string, param: string) =>
  invalidRequest(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

/**
 * The Stripe Billing part of the fake (customers, payment methods attached to them, invoice
 * items and invoices: create, finalize, pay, void, mark uncollectible) in Stripe's documented
 * wire shapes, and the events Stripe would send for what happened, for webhook tests. Stripe's
 * test tokens (`pm_card_visa`…) attached to a customer become a new `pm_…` with the token's card,
 * as at Stripe. No HTTP here.
 */
export const createStripeFakeBilling = () => {
  const customers = new Map<string, Customer>();
  const paymentMethods = new Map<string, PaymentMethod & { token: string; isDetached: boolean }>();
  const invoices = new Map<string, Invoice>();
  const events: StripeFakeEvent[] = [];

  const emit = (type: string, object: Json, previousAttributes?: Json) => {
    events.push({
      id: randomId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: {
        object: copy(object),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  };

  const renderMethod = (method: PaymentMethod): PaymentMethod => {
    const {
      token: _token,
      isDetached: _isDetached,
      ...wire
    } = method as PaymentMethod & {
      token?: string;
      isDetached?: boolean;
    };
    return copy(wire);
  };

  const newMethod = (id: string, template: TestPaymentMethod, customer: string | null) => ({
    id,
    object: 'payment_method' as const,
    allow_redisplay: 'unspecified',
    billing_details: {
      address: {
        city: null,
        country: null,
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      },
      email: null,
      name: null,
      phone: null,
    },
    card: {
      brand: template.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: template.brand,
      exp_month: template.expMonth,
      exp_year: template.expYear,
      funding: 'credit',
      generated_from: null,
      last4: template.last4,
      networks: { available: [template.brand], preferred: null },
      wallet: null,
    },
    created: nowSeconds(),
    customer,
    livemode: false,
    metadata: {},
    type: 'card',
  });

  /** What a payment method id charges like: a test token, or a method made from one. */
  const templateOf = (id: string): TestPaymentMethod | undefined =>
    TEST_PAYMENT_METHODS[id] ?? TEST_PAYMENT_METHODS[paymentMethods.get(id)?.token ?? ''];

  const renderInvoice = (invoice: Invoice, fields: Record<string, string> = {}) => {
    const { payments, ...wire } = copy(invoice);
    if (!expandsOf(fields).includes('payments')) return wire;
    return {
      ...wire,
      payments: {
        object: 'list',
        data: payments,
        has_more: false,
        url: `/v1/invoices/${invoice.id}/payments`,
      },
    };
  };

  const retotal = (invoice: Invoice) => {
    const total = invoice.lines.data.reduce((sum, line) => sum + line.amount, 0);
    const paid = Number(invoice.amount_paid ?? 0);
    Object.assign(invoice, {
      subtotal: total,
      subtotal_excluding_tax: total,
      total,
      total_excluding_tax: total,
      amount_due: Math.max(0, total),
      amount_remaining: Math.max(0, total - paid),
    });
    invoice.lines.total_count = invoice.lines.data.length;
  };

  const createCustomer = (fields: Record<string, string>): Reply => {
    const customer: Customer = {
      id: randomId('cus'),
      object: 'customer',
      address: null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: fields.description ?? null,
      email: fields.email ?? null,
      invoice_prefix: randomId('').slice(1, 9).toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      } as Customer['invoice_settings'],
      livemode: false,
      metadata: metadataOf(fields),
      name: fields.name ?? null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    customers.set(customer.id, customer);
    emit('customer.created', customer);
    return { status: 200, body: copy(customer) };
  };

  const updateCustomer = (id: string, fields: Record<string, string>): Reply => {
    const customer = customers.get(id);
    if (!customer) return missing('customer', id, 'id');
    const defaultMethod = fields['invoice_settings[default_payment_method]'];
    if (defaultMethod !== undefined && defaultMethod !== '') {
      if (paymentMethods.get(defaultMethod)?.customer !== id) {
        return invalidRequest(
          400,
          `The customer does not have a payment method with the ID ${defaultMethod}. The payment method must be attached to the customer.`,
          { param: 'invoice_settings[default_payment_method]' },
        );
      }
    }
    if (defaultMethod !== undefined) {
      customer.invoice_settings.default_payment_method = defaultMethod || null;
    }
    if (fields.email !== undefined) customer.email = fields.email;
    if (fields.name !== undefined) customer.name = fields.name;
    Object.assign(customer.metadata as Json, metadataOf(fields));
    emit('customer.updated', customer);
    return { status: 200, body: copy(customer) };
  };

  const retrieveMethod = (id: string): Reply => {
    const method = paymentMethods.get(id);
    if (method) return { status: 200, body: renderMethod(method) };
    const template = TEST_PAYMENT_METHODS[id];
    if (!template) return missing('payment_method', id, 'payment_method');
    return { status: 200, body: newMethod(id, template, null) };
  };

  const attachMethod = (id: string, fields: Record<string, string>): Reply => {
    const customerId = fields.customer ?? '';
    if (!customers.has(customerId)) return missing('customer', customerId, 'customer');
    const template = TEST_PAYMENT_METHODS[id];
    if (template) {
      // A test token makes a new PaymentMethod each time it is used, as at Stripe.
      const method = { ...newMethod(randomId('pm'), template, customerId), token: id };
      paymentMethods.set(method.id, { ...method, isDetached: false });
      emit('payment_method.attached', renderMethod(method));
      return { status: 200, body: renderMethod(method) };
    }
    const method = paymentMethods.get(id);
    if (!method) return missing('PaymentMethod', id, 'payment_method');
    if (method.customer === customerId) return { status: 200, body: renderMethod(method) };
    if (method.customer || method.isDetached) {
      return invalidRequest(
        400,
        method.customer
          ? 'The payment method you provided has already been attached to a customer.'
          : 'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
      );
    }
    method.customer = customerId;
    emit('payment_method.attached', renderMethod(method));
    return { status: 200, body: renderMethod(method) };
  };

  const detachMethod = (id: string): Reply => {
    const method = paymentMethods.get(id);
    if (!method) return missing('PaymentMethod', id, 'payment_method');
    if (!method.customer) {
      return invalidRequest(
        400,
        'The payment method you provided is not attached to a customer so detachment is impossible.',
      );
    }
    const customer = customers.get(method.customer);
    if (customer?.invoice_settings.default_payment_method === id) {
      customer.invoice_settings.default_payment_method = null;
    }
    const previous = { customer: method.customer };
    method.customer = null;
    method.isDetached = true;
    emit('payment_method.detached', renderMethod(method), previous);
    return { status: 200, body: renderMethod(method) };
  };

  const createInvoice = (fields: Record<string, string>): Reply => {
    const customer = customers.get(fields.customer ?? '');
    if (!customer) return missing('customer', fields.customer ?? '', 'customer');
    const id = randomId('in');
    const created = nowSeconds();
    const invoice: Invoice = {
      id,
      object: 'invoice',
      account_country: 'US',
      amount_due: 0,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: 0,
      attempt_count: 0,
      attempted: false,
      auto_advance: fields.auto_advance === 'true',
      automatically_finalizes_at: null,
      billing_reason: 'manual',
      collection_method: fields.collection_method ?? 'charge_automatically',
      created,
      currency: fields.currency ?? 'usd',
      customer: customer.id,
      customer_email: customer.email ?? null,
      customer_name: customer.name ?? null,
      default_payment_method: null,
      description: fields.description ?? null,
      discounts: [],
      due_date: null,
      effective_at: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      last_finalization_error: null,
      lines: {
        object: 'list',
        data: [],
        has_more: false,
        total_count: 0,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: metadataOf(fields),
      next_payment_attempt: null,
      number: null,
      parent: null,
      payments: [],
      period_end: created,
      period_start: created,
      status: 'draft',
      status_transitions: {
        finalized_at: null,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal: 0,
      total: 0,
      webhooks_delivered_at: null,
    };
    invoices.set(id, invoice);
    emit('invoice.created', renderInvoice(invoice));
    return { status: 200, body: renderInvoice(invoice) };
  };

  const createInvoiceItem = (fields: Record<string, string>): Reply => {
    const customerId = fields.customer ?? '';
    if (!customers.has(customerId)) return missing('customer', customerId, 'customer');
    const amount = Number(fields.amount);
    if (!Number.isSafeInteger(amount)) {
      return invalidRequest(400, 'Invalid integer: amount', { param: 'amount' });
    }
    const invoice = fields.invoice ? invoices.get(fields.invoice) : undefined;
    if (fields.invoice && !invoice) return missing('invoice', fields.invoice, 'invoice');
    if (invoice && (invoice.status !== 'draft' || invoice.customer !== customerId)) {
      return invalidRequest(
        400,
        'Invoice items can only be added to draft invoices of the same customer.',
        {
          param: 'invoice',
        },
      );
    }
    const date = nowSeconds();
    const start = fields['period[start]'] ? Number(fields['period[start]']) : date;
    const end = fields['period[end]'] ? Number(fields['period[end]']) : date;
    const currency = fields.currency ?? invoice?.currency ?? 'usd';
    const item = {
      id: randomId('ii'),
      object: 'invoiceitem',
      amount,
      currency,
      customer: customerId,
      date,
      description: fields.description ?? null,
      discountable: amount >= 0,
      discounts: [],
      invoice: invoice?.id ?? null,
      livemode: false,
      metadata: metadataOf(fields),
      parent: null,
      period: { start, end },
      pricing: { price_details: null, type: 'price_details', unit_amount_decimal: String(amount) },
      proration: false,
      quantity: 1,
      tax_rates: [],
      test_clock: null,
    };
    if (invoice) {
      invoice.lines.data.push({
        id: randomId('il'),
        object: 'line_item',
        amount,
        currency,
        description: item.description,
        discount_amounts: [],
        discountable: item.discountable,
        discounts: [],
        invoice: invoice.id,
        livemode: false,
        metadata: item.metadata,
        parent: {
          type: 'invoice_item_details',
          invoice_item_details: {
            invoice_item: item.id,
            proration: false,
            proration_details: { credited_items: null },
            subscription: null,
          },
          subscription_item_details: null,
        },
        period: item.period,
        pricing: item.pricing,
        quantity: 1,
        taxes: [],
      });
      retotal(invoice);
    }
    return { status: 200, body: item };
  };

  const findInvoice = (id: string) => invoices.get(id);

  const finalize = (invoice: Invoice): Reply => {
    if (invoice.status !== 'draft') {
      return invalidRequest(
        400,
        "This invoice is already finalized, you can't re-finalize a non-draft invoice.",
      );
    }
    const at = nowSeconds();
    invoice.status = Number(invoice.amount_due) > 0 ? 'open' : 'paid';
    invoice.number = `${randomId('').slice(1, 9).toUpperCase()}-0001`;
    invoice.status_transitions.finalized_at = at;
    invoice.effective_at = at;
    emit('invoice.finalized', renderInvoice(invoice));
    if (invoice.status === 'paid') {
      invoice.status_transitions.paid_at = at;
      emit('invoice.paid', renderInvoice(invoice));
    }
    return { status: 200, body: renderInvoice(invoice) };
  };

  /** Pays an open invoice with `methodId` (any test token when `isOutOfBand`: the hosted page). */
  const payWith = (
    invoice: Invoice,
    methodId: string,
    fields: Record<string, string>,
    isOutOfBand = false,
  ): Reply => {
    if (invoice.status === 'paid') return invalidRequest(400, 'Invoice is already paid');
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
      return invalidRequest(
        400,
        `You can only pay an open invoice; this one is ${invoice.status}.`,
      );
    }
    const method = paymentMethods.get(methodId);
    const template = templateOf(methodId);
    if (!template || (!isOutOfBand && method?.customer !== invoice.customer)) {
      return invalidRequest(
        400,
        `The PaymentMethod ${methodId} is not attached to this invoice's customer.`,
        { param: 'payment_method' },
      );
    }
    invoice.attempt_count += 1;
    invoice.attempted = true;
    const intentId = randomId('pi');
    if (template.outcome === 'succeeded') {
      const at = nowSeconds();
      Object.assign(invoice, {
        status: 'paid',
        amount_paid: invoice.amount_due,
        amount_remaining: 0,
        next_payment_attempt: null,
      });
      invoice.status_transitions.paid_at = at;
      invoice.payments.push({
        id: randomId('inpay'),
        object: 'invoice_payment',
        amount_paid: invoice.amount_due,
        amount_requested: invoice.amount_due,
        created: at,
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: intentId },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: at },
      });
      emit('invoice.paid', renderInvoice(invoice));
      emit('invoice.payment_succeeded', renderInvoice(invoice));
      return { status: 200, body: renderInvoice(invoice, fields) };
    }
    const intent = {
      id: intentId,
      object: 'payment_intent',
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: invoice.customer,
      payment_method: methodId,
      status:
        template.outcome === 'requires_action' ? 'requires_action' : 'requires_payment_method',
    };
    if (template.outcome === 'requires_action') {
      emit('invoice.payment_action_required', renderInvoice(invoice));
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'invoice_payment_intent_requires_action',
            message:
              'This payment requires additional user action before it can be completed successfully. Payment can be completed using the PaymentIntent associated with the invoice.',
            payment_intent: intent,
          },
        },
      };
    }
    emit('invoice.payment_failed', renderInvoice(invoice));
    return {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: template.declineCode,
          message: template.message,
          payment_intent: intent,
        },
      },
    };
  };

  const close = (invoice: Invoice, to: 'void' | 'uncollectible'): Reply => {
    const allowed = to === 'void' ? ['open', 'uncollectible'] : ['open'];
    if (!allowed.includes(invoice.status)) {
      return invalidRequest(
        400,
        `You cannot ${to === 'void' ? 'void' : 'mark uncollectible'} an invoice that is ${invoice.status}.`,
      );
    }
    const at = nowSeconds();
    invoice.status = to;
    if (to === 'void') invoice.status_transitions.voided_at = at;
    else invoice.status_transitions.marked_uncollectible_at = at;
    emit(to === 'void' ? 'invoice.voided' : 'invoice.marked_uncollectible', renderInvoice(invoice));
    return { status: 200, body: renderInvoice(invoice) };
  };

  const routeInvoice = (
    method: string,
    id: string,
    action: string | undefined,
    fields: Record<string, string>,
  ): Reply => {
    const invoice = findInvoice(id);
    if (!invoice) return missing('invoice', id, 'invoice');
    if (method === 'GET' && action === undefined) {
      return { status: 200, body: renderInvoice(invoice, fields) };
    }
    if (method !== 'POST') return invalidRequest(404, `Unrecognized request URL (${method}).`);
    switch (action) {
      case 'finalize':
        return finalize(invoice);
      case 'pay': {
        const customer = customers.get(invoice.customer);
        const methodId =
          fields.payment_method ?? customer?.invoice_settings.default_payment_method ?? '';
        return payWith(invoice, methodId, fields);
      }
      case 'void':
        return close(invoice, 'void');
      case 'mark_uncollectible':
        return close(invoice, 'uncollectible');
      case undefined:
      default:
        return invalidRequest(404, `Unrecognized request URL (${method}: ${action ?? ''}).`);
    }
  };

  /** Answers a billing request, or undefined when the path is not billing's. */
  const route = (
    method: string,
    path: string,
    fields: Record<string, string>,
  ): Reply | undefined => {
    if (method === 'POST' && path === '/v1/customers') return createCustomer(fields);
    if (method === 'POST' && path === '/v1/invoices') return createInvoice(fields);
    if (method === 'POST' && path === '/v1/invoiceitems') return createInvoiceItem(fields);
    const customer = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (customer) {
      const id = decodeURIComponent(customer[1] ?? '');
      if (method === 'POST') return updateCustomer(id, fields);
      const found = customers.get(id);
      return found ? { status: 200, body: copy(found) } : missing('customer', id, 'id');
    }
    const paymentMethod = /^\/v1\/payment_methods\/([^/]+)(?:\/(attach|detach))?$/.exec(path);
    if (paymentMethod) {
      const id = decodeURIComponent(paymentMethod[1] ?? '');
      if (method === 'GET' && !paymentMethod[2]) return retrieveMethod(id);
      if (method === 'POST' && paymentMethod[2] === 'attach') return attachMethod(id, fields);
      if (method === 'POST' && paymentMethod[2] === 'detach') return detachMethod(id);
    }
    const invoice = /^\/v1\/invoices\/([^/]+)(?:\/([a-z_]+))?$/.exec(path);
    if (invoice) {
      return routeInvoice(method, decodeURIComponent(invoice[1] ?? ''), invoice[2], fields);
    }
    return undefined;
  };

  const requireInvoice = (id: string) => {
    const invoice = findInvoice(id);
    if (!invoice) throw new Error(`The Stripe fake has no invoice ${id}.`);
    return invoice;
  };

  return {
    route,
    /** Every event so far, oldest first (what Stripe would have sent to a webhook endpoint). */
    events,
    /** Every invoice so far as the API renders it (payments included), oldest first. */
    listInvoices: () =>
      [...invoices.values()].map((invoice) => renderInvoice(invoice, { 'expand[0]': 'payments' })),
    /** A customer as the API renders it, or undefined. */
    findCustomer: (id: string) => {
      const found = customers.get(id);
      return found ? copy(found) : undefined;
    },
    /** The customer paid an open invoice on Stripe's hosted page with a test token. */
    payInvoiceOutOfBand: (invoiceId: string, paymentMethodToken = 'pm_card_visa') => {
      const reply = payWith(requireInvoice(invoiceId), paymentMethodToken, {}, true);
      if (reply.status !== 200) throw new Error(`The fake did not pay ${invoiceId}.`);
    },
    /** Someone closed an invoice in Stripe's dashboard. */
    closeInvoiceInDashboard: (invoiceId: string, to: 'void' | 'uncollectible') => {
      const reply = close(requireInvoice(invoiceId), to);
      if (reply.status !== 200) throw new Error(`The fake did not close ${invoiceId}.`);
    },
    /** Someone removed a card in Stripe's dashboard. */
    detachInDashboard: (paymentMethodId: string) => {
      const reply = detachMethod(paymentMethodId);
      if (reply.status !== 200) throw new Error(`The fake did not detach ${paymentMethodId}.`);
    },
  };
};
