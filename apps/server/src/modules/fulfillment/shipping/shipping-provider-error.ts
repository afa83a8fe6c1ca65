import type { FieldIssue } from '@atelier/contract/common/errors';
import { AppError } from '@/lib/app-error';

/** Why a ShippingProvider could not answer (the error's `reason`, snake_case, fulfillment's own). */
export type ShippingProviderErrorReason =
  | 'shipping_provider_unreachable'
  | 'shipping_provider_busy'
  | 'shipping_provider_misconfigured'
  | 'shipping_provider_error'
  | 'shipping_provider_rejected'
  | 'shipping_service_unavailable'
  | 'shipping_label_refused';

const PROVIDER_ERRORS: Record<
  ShippingProviderErrorReason,
  { code: 'unavailable' | 'bad_request' | 'unprocessable'; message: string }
> = {
  shipping_provider_unreachable: {
    code: 'unavailable',
    message: 'The shipping provider could not be reached. Try again in a moment.',
  },
  shipping_provider_busy: {
    code: 'unavailable',
    message: 'The shipping provider is busy. Try again in a moment.',
  },
  shipping_provider_misconfigured: {
    code: 'unavailable',
    message: 'Shipping labels are not set up correctly on this server: Shippo refused its API key.',
  },
  shipping_provider_error: {
    code: 'unavailable',
    message: 'The shipping provider had a problem. Try again in a moment.',
  },
  shipping_provider_rejected: {
    code: 'bad_request',
    message: 'The shipping provider refused the addresses or the parcel.',
  },
  shipping_service_unavailable: {
    code: 'bad_request',
    message: 'This service is not offered for this parcel.',
  },
  shipping_label_refused: {
    code: 'unprocessable',
    message: 'The carrier refused to issue this label; nothing was bought.',
  },
};

/**
 * A ShippingProvider (ARCHITECTURE.md §4, issue 15) could not answer or refused the request. An
 * `AppError`, so the error handler answers with its code's status: `bad_request` (400, with
 * field issues in `details`, e.g. `toAddress.zipCode` or `serviceLevel`) when the addresses,
 * parcel or service were refused, `unprocessable` (422) when the carrier refused the label, and
 * `unavailable` (503) when the provider is down, busy or misconfigured. `message` is safe to
 * show (the label job keeps it as the label's error); `cause` keeps the provider's answer for the
 * log.
 */
export class ShippingProviderError extends AppError {
  constructor(
    reason: ShippingProviderErrorReason,
    options: { message?: string; details?: FieldIssue[]; cause?: unknown } = {},
  ) {
    const { code, message } = PROVIDER_ERRORS[reason];
    super(code, options.message ?? message, { reason, details: options.details });
    this.name = 'ShippingProviderError';
    this.cause = options.cause;
  }
}
