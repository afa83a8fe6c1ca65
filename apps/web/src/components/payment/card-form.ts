import type { UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '@/lib/api-error';

const EXPIRY = /^(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/;

/**
 * A card as typed for the local test provider, at checkout, on a pay link or on /account-info:
 * the number (spaces allowed), the expiry as "MM / YY" and the CVC. The result is the contract's
 * `test_card` payment method; whether the card is valid (the Luhn check, an expiry in the past)
 * and what it does is the provider's to say, and its refusal lands on these fields
 * (`applyCardErrors`).
 */
export const CardFormSchema = z
  .object({
    number: z
      .string()
      .trim()
      .min(1, 'Enter the card number.')
      .refine(
        (number) => /^\d{12,19}$/.test(number.replace(/ /g, '')),
        'The card number has 12 to 19 digits.',
      ),
    expiry: z.string().trim().regex(EXPIRY, 'The month and year, as MM / YY.'),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'Three or four digits.'),
  })
  .transform(({ number, expiry, cvc }) => {
    const [, month = '', year = ''] = EXPIRY.exec(expiry) ?? [];
    const expYear = Number(year);
    return {
      type: 'test_card' as const,
      number: number.replace(/\s+/g, ' '),
      expMonth: Number(month),
      expYear: expYear < 100 ? 2000 + expYear : expYear,
      cvc,
    };
  });

export type CardFormValues = z.input<typeof CardFormSchema>;
export type CardPaymentMethod = z.output<typeof CardFormSchema>;

/** The server's field for a card detail (`body.paymentMethod.expMonth`) as the form's. */
const cardFieldOf = (serverField: string): keyof CardFormValues | null => {
  const part = serverField.replace(/^(body\.)?paymentMethod\.?/, '');
  if (part === 'number') return 'number';
  if (part === 'expMonth' || part === 'expYear') return 'expiry';
  if (part === 'cvc') return 'cvc';
  return null;
};

/**
 * Puts a refusal's card issues (`paymentMethod.number`, …) on the card form's fields, the first
 * focused; true when any field took one.
 */
export const applyCardErrors = (
  error: unknown,
  setError: UseFormSetError<CardFormValues>,
): boolean => {
  if (!isApiError(error)) return false;
  let isShown = false;
  for (const issue of error.details) {
    const field = cardFieldOf(issue.field);
    if (field) {
      setError(field, { type: 'server', message: issue.message }, { shouldFocus: !isShown });
      isShown = true;
    }
  }
  return isShown;
};

/** An expiry a few years ahead, for the test cards: "12 / 30". */
export const testCardExpiry = (now: Date = new Date()): string =>
  `12 / ${String((now.getFullYear() + 4) % 100).padStart(2, '0')}`;
