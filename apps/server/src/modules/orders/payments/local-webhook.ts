import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  PaymentWebhookSignatureError,
  readSingleHeader,
  WEBHOOK_TOLERANCE_SECONDS,
  type PaymentWebhookEvent,
} from './payment-provider';

/** The header the local provider's webhooks are signed in: `t=<unix seconds>,v1=<hex>`. */
export const LOCAL_WEBHOOK_SIGNATURE_HEADER = 'x-atelier-local-signature';

/**
 * Signs a local webhook body like Stripe does: HMAC-SHA256 over `${timestamp}.${payload}` with
 * `secret`; returns the `x-atelier-local-signature` header value. `timestamp` is in unix seconds.
 */
export const signLocalWebhook = (payload: string, secret: string, timestamp: number): string => {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
};

/**
 * The body of a local webhook, already provider-neutral: `{ id, type, data: { providerChargeId,
 * amount (integer minor units), currencyCode (ISO 4217) } }`; an unknown `type` reads as `other`.
 */
export const LocalWebhookBodySchema = z.object({
  id: z.string().min(1),
  type: z.enum(['charge.succeeded', 'charge.failed', 'charge.refunded', 'other']).catch('other'),
  data: z
    .object({
      providerChargeId: z.string().nullable().default(null),
      amount: z.number().int().nullable().default(null),
      currencyCode: z.string().nullable().default(null),
    })
    .default({ providerChargeId: null, amount: null, currencyCode: null }),
});

const readSignature = (header: string) => {
  const parts = new Map(
    header.split(',').map((part) => {
      const [key = '', ...value] = part.trim().split('=');
      return [key, value.join('=')] as const;
    }),
  );
  return { timestamp: Number(parts.get('t')), signature: parts.get('v1') ?? '' };
};

/**
 * Verifies a webhook signed with `signLocalWebhook` over its raw body: the
 * `x-atelier-local-signature` header (one), its HMAC by `secret`, and its timestamp within
 * `WEBHOOK_TOLERANCE_SECONDS` of `now`. Throws `PaymentWebhookSignatureError` when the header is
 * missing, repeated or malformed, the signature differs, or the timestamp is out of tolerance.
 * Billing's local gateway verifies its webhooks with it too.
 */
export const verifyLocalWebhookSignature = (
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  now: Date,
): void => {
  const header = readSingleHeader(headers, LOCAL_WEBHOOK_SIGNATURE_HEADER);
  if (!header) throw new PaymentWebhookSignatureError('The webhook signature is missing.');
  const { timestamp, signature } = readSignature(header);
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) {
    throw new PaymentWebhookSignatureError('The webhook signature is malformed.');
  }
  const expected = readSignature(signLocalWebhook(rawBody.toString('utf8'), secret, timestamp));
  if (!timingSafeEqual(Buffer.from(expected.signature, 'hex'), Buffer.from(signature, 'hex'))) {
    throw new PaymentWebhookSignatureError('The webhook signature does not match.');
  }
  if (Math.abs(Math.floor(now.getTime() / 1000) - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new PaymentWebhookSignatureError('The webhook timestamp is outside the tolerance.');
  }
};

/**
 * Verifies a local webhook over its raw body (`verifyLocalWebhookSignature`) and reads it.
 * Throws `PaymentWebhookSignatureError` when the signature does not hold or the signed body is
 * not an event.
 */
export const parseLocalWebhook = (
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  now: Date,
): PaymentWebhookEvent => {
  verifyLocalWebhookSignature(rawBody, headers, secret, now);

  let body: z.infer<typeof LocalWebhookBodySchema>;
  try {
    body = LocalWebhookBodySchema.parse(JSON.parse(rawBody.toString('utf8')));
  } catch (error) {
    throw new PaymentWebhookSignatureError('The webhook body is not an event.', { cause: error });
  }
  return {
    id: body.id,
    type: body.type,
    providerChargeId: body.data.providerChargeId,
    amount: body.data.amount,
    currencyCode: body.data.currencyCode?.toUpperCase() ?? null,
  };
};
