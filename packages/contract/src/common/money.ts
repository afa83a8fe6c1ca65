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

/** Shows a Money value; only USD is shown with a symbol, other currencies with their code. */
export const formatMoney = (money: Money): string => {
  if (money.currencyCode === 'USD') return formatUsd(money.amount);
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: money.currencyCode,
    currencyDisplay: 'code',
  });
  // Minor units follow the currency: 2 digits for EUR, 0 for JPY, 3 for KWD.
  const minorDigits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(money.amount / 10 ** minorDigits);
};
