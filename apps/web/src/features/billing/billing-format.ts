import type { BillingInterval } from '@atelier/contract/billing/plans';
import type { BillingInvoiceStatus } from '@atelier/contract/billing/subscription';
import type { CreditEntryKind } from '@atelier/contract/billing/credits';
import { formatMoney } from '@atelier/contract/common/money';

/**
 * An amount in the currency's minor units as a person reads it (spec §9: USD with its symbol,
 * others with their code): 4900 USD → "$49.00".
 */
export const formatAmount = (amount: number, currencyCode: string): string =>
  formatMoney({ amount, currencyCode });

// Billing periods start and end at UTC instants (the contract's addInterval): shown in UTC, so a
// period reads the same day wherever the reader is.
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** "Mar 4, 2026" (UTC). */
export const formatBillingDate = (iso: string): string => dateFormat.format(new Date(iso));
/** "Mar 4, 2026, 2:05 PM UTC". */
export const formatBillingTime = (iso: string): string =>
  `${dateTimeFormat.format(new Date(iso))} UTC`;

/** "Mar 4, 2026 – Apr 4, 2026", or "—" without a period. */
export const formatPeriod = (start: string | null, end: string | null): string =>
  start && end ? `${formatBillingDate(start)} – ${formatBillingDate(end)}` : '—';

export const INTERVAL_LABELS: Readonly<Record<BillingInterval, string>> = {
  MONTH: 'Monthly',
  YEAR: 'Yearly',
};

export const BILLING_INVOICE_STATUS_LABELS: Readonly<Record<BillingInvoiceStatus, string>> = {
  DRAFT: 'Draft',
  OPEN: 'Open',
  PAID: 'Paid',
  UNCOLLECTIBLE: 'Uncollectible',
  VOID: 'Void',
};

export const BILLING_INVOICE_STATUS_COLORS: Readonly<Record<BillingInvoiceStatus, string>> = {
  DRAFT: 'gray',
  OPEN: 'orange',
  PAID: 'green',
  UNCOLLECTIBLE: 'red',
  VOID: 'gray',
};

export const CREDIT_ENTRY_KIND_LABELS: Readonly<Record<CreditEntryKind, string>> = {
  GRANT: 'Grant',
  SPEND: 'Spend',
  REFUND: 'Refund',
  EXPIRY: 'Expiry',
};

/** Signed credits as the ledger shows them: "+1,000", "−250". */
export const formatSignedCredits = (credits: number): string =>
  `${credits > 0 ? '+' : credits < 0 ? '−' : ''}${Math.abs(credits).toLocaleString('en-US')}`;

/** "1,000". */
export const formatCredits = (credits: number): string => credits.toLocaleString('en-US');

const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** "Visa •••• 4242". */
export const cardTitleOf = (method: { brand: string; last4: string }): string =>
  `${BRAND_NAMES[method.brand.toLowerCase()] ?? method.brand} •••• ${method.last4}`;
