import type { UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '@/lib/api-error';

const EXPIRY = /^(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/;

/**
 * A card as typed on /account-info: the number (spaces allowed), the expiry as "MM / YY" and the
 * CVC, made into the contract's `test_card` payment method (the same rules as the checkout's
 * card form, which lives in the orders feature). Whether the card works is the provider's to say.
 */
export const BillingCardFormSchema = z
  .object({
    number: z
      .string()
      .trim()
      .min(1, 'Enter the card number.')
      .regex(/^[\d ]{12,23}$/, 'The card number has 12 to 19 digits.'),
    expiry: z.string().trim().regex(EXPIRY, 'The month and year, as MM / YY.'),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'Three or four digits.'),
    makeDefault: z.boolean(),
  })
  .transform(({ number, expiry, cvc, makeDefault }) => {
    const [, month = '', year = ''] = EXPIRY.exec(expiry) ?? [];
    const expYear = Number(year);
    return {
      paymentMethod: {
        type: 'test_card' as const,
        number: number.replace(/\s+/g, ' '),
        expMonth: Number(month),
        expYear: expYear < 100 ? 2000 + expYear : expYear,
        cvc,
      },
      makeDefault,
    };
  });

export type BillingCardFormValues = z.input<typeof BillingCardFormSchema>;
export type BillingCardFormOutput = z.output<typeof BillingCardFormSchema>;

/** The server's field (`body.paymentMethod.expMonth`) as the form's. */
const cardFieldOf = (serverField: string): keyof BillingCardFormValues | null => {
  const part = serverField.replace(/^(body\.)?paymentMethod\.?/, '');
  if (part === 'number') return 'number';
  if (part === 'expMonth' || part === 'expYear') return 'expiry';
  if (part === 'cvc') return 'cvc';
  return null;
};

/**
 * Puts a refusal's card issues on the form's fields (the first focused); returns the message to
 * show above the form when no field took one, else null.
 */
export const applyBillingCardErrors = (
  error: unknown,
  setError: UseFormSetError<BillingCardFormValues>,
): string | null => {
  if (!isApiError(error)) return 'The card was not saved. Try again.';
  let isShown = false;
  for (const issue of error.details) {
    const field = cardFieldOf(issue.field);
    if (field) {
      setError(field, { type: 'server', message: issue.message }, { shouldFocus: !isShown });
      isShown = true;
    }
  }
  return isShown || error.isHandled ? null : error.message;
};
