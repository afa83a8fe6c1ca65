import { z } from 'zod';

/** Money in integer minor units plus an ISO 4217 code (STYLE.md §4). */
export const MoneySchema = z.object({
  amount: z.number().int(),
  currencyCode: z.string().regex(/^[A-Z]{3}$/),
});
export type Money = z.infer<typeof MoneySchema>;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Spec §9: money is shown as USD. `amount` is in cents: 123456 → "$1,234.56". */
export const formatUsd = (amountInCents: number): string => usd.format(amountInCents / 100);

const codeFormats = new Map<string, Intl.NumberFormat>();
/** The currency's formatter, showing its ISO code; throws a RangeError for a code Intl rejects. */
const codeFormatOf = (currencyCode: string) => {
  let format = codeFormats.get(currencyCode);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currencyCode,
      currencyDisplay: 'code',
    });
    codeFormats.set(currencyCode, format);
  }
  return format;
};

const minorDigits = new Map<string, number>();

/**
 * Digits of a currency's minor unit (ISO 4217, as Intl knows them): 2 for EUR, 0 for JPY, 3 for
 * KWD; 2 for a code Intl does not accept.
 */
export const minorDigitsOf = (currencyCode: string): number => {
  let digits = minorDigits.get(currencyCode);
  if (digits === undefined) {
    try {
      digits = codeFormatOf(currencyCode).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    // resolvedOptions() builds a new object each call: an import of 500,000 rows asked 7 s of it.
    if (minorDigits.size < 1_000) minorDigits.set(currencyCode, digits);
  }
  return digits;
};

/** Shows a Money value; only USD is shown with a symbol, other currencies with their code. */
export const formatMoney = (money: Money): string => {
  if (money.currencyCode === 'USD') return formatUsd(money.amount);
  return codeFormatOf(money.currencyCode).format(
    money.amount / 10 ** minorDigitsOf(money.currencyCode),
  );
};
