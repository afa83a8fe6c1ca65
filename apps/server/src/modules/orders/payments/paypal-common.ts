import { minorDigitsOf } from '@atelier/contract/common/money';
import { PaymentProviderError, type ChargeRequest } from './payment-provider';

/**
 * Query parameters of the page the buyer comes back to from PayPal (spec §7 paypal-capture):
 * `paypalPayment` names the payment to capture; `paypalCancelled=1` when they canceled at
 * PayPal. PayPal adds its own `token` (the order id) and, after an approval, `PayerID`.
 */
export const PAYPAL_RETURN_PARAMS = { payment: 'paypalPayment', cancelled: 'paypalCancelled' };

/** Currencies PayPal takes in whole units only, though ISO 4217 gives them a minor unit. */
const PAYPAL_WHOLE_UNITS = new Set(['HUF', 'TWD']);

/** Digits after the point in PayPal's `value` for `currencyCode` (2 for USD, 0 for JPY and HUF). */
const paypalDigitsOf = (currencyCode: string): number =>
  PAYPAL_WHOLE_UNITS.has(currencyCode) ? 0 : minorDigitsOf(currencyCode);

/**
 * Integer minor units of ISO 4217 `currencyCode` as PayPal's decimal string: 1999 USD → "19.99",
 * 500 JPY → "500". Exact (no floating point). Throws `PaymentProviderError`
 * (`payment_provider_rejected`) for an amount PayPal cannot express (TWD 1050 = 10.50 TWD: PayPal
 * takes whole New Taiwan dollars only).
 */
export const toPaypalValue = (amount: number, currencyCode: string): string => {
  const code = currencyCode.toUpperCase();
  const isoDigits = minorDigitsOf(code);
  const digits = paypalDigitsOf(code);
  const scale = 10 ** (isoDigits - digits);
  if (amount % scale !== 0) {
    throw new PaymentProviderError('payment_provider_rejected', {
      message: `PayPal takes ${code} in whole units only; nothing was charged.`,
    });
  }
  const units = String(amount / scale).padStart(digits + 1, '0');
  return digits === 0 ? units : `${units.slice(0, -digits)}.${units.slice(-digits)}`;
};

/** PayPal's decimal `value` as integer minor units of `currencyCode`: "19.99" USD → 1999. */
export const fromPaypalValue = (value: string, currencyCode: string): number => {
  const code = currencyCode.toUpperCase();
  const isoDigits = minorDigitsOf(code);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) {
    throw new PaymentProviderError('payment_provider_error', {
      message: 'PayPal answered with an amount that is not a number.',
    });
  }
  const fraction = (match[2] ?? '').padEnd(isoDigits, '0');
  if (fraction.length > isoDigits) {
    throw new PaymentProviderError('payment_provider_error', {
      message: 'PayPal answered with more decimals than the currency has.',
    });
  }
  return Number(`${match[1]}${fraction}`);
};

/**
 * The absolute return and cancel URLs of a PayPal charge: `returnPath` (a path of this app, as
 * the contract allows it) on `publicUrl`, with the payment's id. Throws `PaymentProviderError`
 * (`payment_provider_rejected`) when the path would leave `publicUrl`'s origin.
 */
export const paypalReturnUrlsOf = (
  publicUrl: string,
  request: Pick<ChargeRequest, 'paymentMethod' | 'metadata' | 'idempotencyKey'>,
): { returnUrl: string; cancelUrl: string } => {
  const base = new URL(publicUrl);
  const path = request.paymentMethod.type === 'paypal' ? request.paymentMethod.returnPath : '/';
  const returnUrl = new URL(path, base);
  if (returnUrl.origin !== base.origin || !path.startsWith('/') || path.startsWith('//')) {
    throw new PaymentProviderError('payment_provider_rejected', {
      message: 'The PayPal return page must be a page of this app; nothing was charged.',
    });
  }
  returnUrl.searchParams.set(
    PAYPAL_RETURN_PARAMS.payment,
    request.metadata.paymentId ?? request.idempotencyKey,
  );
  const cancelUrl = new URL(returnUrl);
  cancelUrl.searchParams.set(PAYPAL_RETURN_PARAMS.cancelled, '1');
  return { returnUrl: returnUrl.toString(), cancelUrl: cancelUrl.toString() };
};
