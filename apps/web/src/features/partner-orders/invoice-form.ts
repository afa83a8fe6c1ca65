import { z } from 'zod';
import { formatUsd } from '@atelier/contract/common/money';
import {
  CreateInvoiceInputSchema,
  InvoiceLineInputSchema,
  MAX_INVOICE_AMOUNT,
  MAX_INVOICE_LINES,
  type CreateInvoiceInput,
  type InvoiceLineCategory,
} from '@atelier/contract/orders/invoice';
import type { ShippingMode } from '@atelier/contract/orders/order-item';
import { isShippingFree, readMajorUnits } from './partner-orders-format';

/** Amounts are typed in dollars and sent in cents; the invoice is in USD (spec §9). */
export const INVOICE_CURRENCY = 'USD';

/** A dollar amount as typed, read digit by digit into cents (no float on the way). */
const dollarsSchema = z
  .string()
  .transform((text, context) => {
    const reading = readMajorUnits(text, INVOICE_CURRENCY);
    if (reading.isValid) return reading.amount;
    context.addIssue({ code: 'custom', message: reading.message });
    return z.NEVER;
  })
  .pipe(z.number().max(MAX_INVOICE_AMOUNT, `At most ${formatUsd(MAX_INVOICE_AMOUNT)}.`));

/** A number input's value: null while blank. */
const requiredNumber = (message: string) => z.number({ error: message }).nullable();

const InvoiceLineFormSchema = z.object({
  title: InvoiceLineInputSchema.shape.title,
  category: InvoiceLineInputSchema.shape.category,
  quantity: requiredNumber('Enter the quantity.')
    .refine((value) => value !== null, 'Enter the quantity.')
    .pipe(InvoiceLineInputSchema.shape.quantity),
  unitPrice: dollarsSchema.pipe(InvoiceLineInputSchema.shape.unitPrice),
});

/**
 * The invoice form: the contract's rules (each field piped into its schema) on values as typed,
 * dollars as text and numbers null while blank; its output is the body, less the conversation.
 */
export const InvoiceFormSchema = z
  .object({
    lines: z
      .array(InvoiceLineFormSchema)
      .min(1, 'An invoice needs at least one line.')
      .max(MAX_INVOICE_LINES, `At most ${MAX_INVOICE_LINES} lines.`),
    shippingMode: CreateInvoiceInputSchema.shape.shippingMode,
    shippingAmount: dollarsSchema.pipe(CreateInvoiceInputSchema.shape.shippingAmount.unwrap()),
    leadTimeDays: requiredNumber('Enter the lead time in days.')
      .refine((value) => value !== null, 'Enter the lead time in days.')
      .pipe(
        z
          .number()
          .int('Whole days.')
          .min(0, 'Not below 0.')
          .max(365, 'At most 365 days.')
          .pipe(CreateInvoiceInputSchema.shape.leadTimeDays),
      ),
    notes: z
      .string()
      .transform((text) => (text.trim() === '' ? null : text))
      .pipe(CreateInvoiceInputSchema.shape.notes.unwrap()),
  })
  .superRefine((values, context) => {
    if (isShippingFree(values.shippingMode) && values.shippingAmount > 0) {
      context.addIssue({
        code: 'custom',
        path: ['shippingAmount'],
        message: 'No shipping is charged now with this shipping mode.',
      });
    }
  });

export type InvoiceFormValues = z.input<typeof InvoiceFormSchema>;
export type InvoiceFormOutput = z.output<typeof InvoiceFormSchema>;

export type InvoiceLineValues = {
  title: string;
  category: InvoiceLineCategory;
  quantity: number | null;
  unitPrice: string;
};

export const aBlankLine = (): InvoiceLineValues => ({
  title: '',
  category: 'PRODUCT',
  quantity: 1,
  unitPrice: '',
});

export const BLANK_INVOICE: InvoiceFormValues = {
  lines: [aBlankLine()],
  shippingMode: 'SUPPLIER_SHIPPING' satisfies ShippingMode,
  shippingAmount: '0.00',
  leadTimeDays: null,
  notes: '',
};

/** The request body of the form's output for the conversation. */
export const toCreateInvoiceInput = (
  conversationId: string,
  values: InvoiceFormOutput,
): CreateInvoiceInput => ({
  conversationId,
  currencyCode: INVOICE_CURRENCY,
  lines: values.lines.map((line) => ({ ...line, catalogItemId: null })),
  shippingMode: values.shippingMode,
  shippingAmount: values.shippingAmount,
  leadTimeDays: values.leadTimeDays,
  notes: values.notes,
});

/** The fields a server 400 may name, for `applyServerErrors`. */
export const invoiceFieldsOf = (lineCount: number) =>
  [
    'lines',
    'shippingMode',
    'shippingAmount',
    'leadTimeDays',
    'notes',
    ...Array.from({ length: lineCount }, (_, index) =>
      (['title', 'category', 'quantity', 'unitPrice'] as const).map(
        (field) => `lines.${index}.${field}` as const,
      ),
    ).flat(),
  ] as const;
