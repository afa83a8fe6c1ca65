import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  CreateReceivingBodySchema,
  MAX_RECEIVING_ITEMS,
  MAX_RECEIVING_UNITS,
  type CreateReceivingBody,
} from '@atelier/contract/fulfillment/receiving';

/** Units as a number field gives them: undefined while the field is empty. */
const units = z
  .number()
  .optional()
  .pipe(
    z
      .number('Enter the units.')
      .int('Whole units only.')
      .min(1, 'At least 1 unit.')
      .max(MAX_RECEIVING_UNITS, `At most ${MAX_RECEIVING_UNITS.toLocaleString('en-US')} units.`),
  );

/** A sourcing order item going to the center, checked on the form (its title and units to come shown). */
const OrderItemLineSchema = z
  .object({
    creatorOrderItemId: z.string(),
    title: z.string(),
    remainingQuantity: z.number(),
    quantity: units,
  })
  .refine((line) => line.quantity <= line.remainingQuantity, {
    message: 'More than are still to arrive.',
    path: ['quantity'],
  });

/** Goods bought elsewhere: what they are, their SKU if any, units, and their variant if known. */
const IntakeLineSchema = z.object({
  title: z.string().trim().min(1, 'Say what the goods are.'),
  sku: z.string().trim(),
  quantity: units,
  variantId: z.string().nullable(),
});

/** The sent body's item `index` as a field of the form: order items first, then intake lines. */
const formFieldOfItem = (
  orderItemCount: number,
  index: number,
  field: string | undefined,
): string => {
  if (index < orderItemCount) {
    const name = field === 'creatorOrderItemId' ? field : 'quantity';
    return `orderItems.${index}.${name}`;
  }
  return `intakeLines.${index - orderItemCount}.${field ?? 'title'}`;
};

/** The body's field `path` (`items.2.quantity`) as the form's field; `null` for the form as a whole. */
export const formFieldOf = (orderItemCount: number, path: string): string | null => {
  const [head, index, field] = path.split('.');
  if (head === 'items' && index !== undefined && /^\d+$/.test(index)) {
    return formFieldOfItem(orderItemCount, Number(index), field);
  }
  return head === 'carrier' ||
    head === 'trackingNumber' ||
    head === 'expectedArrivalDate' ||
    head === 'notes'
    ? head
    : null;
};

const FormShapeSchema = z.object({
  carrier: z.string().trim().min(1, 'Enter the carrier.'),
  trackingNumber: z.string().trim().min(1, 'Enter the tracking number.'),
  /** YYYY-MM-DD from the date field, or '' when left empty. */
  expectedArrivalDate: z.string(),
  notes: z.string().trim(),
  orderItems: z.array(OrderItemLineSchema),
  intakeLines: z.array(IntakeLineSchema),
});
export type NewReceivingFormOutput = z.output<typeof FormShapeSchema>;

/** The body the form sends: empty optional fields are left out. */
export const toCreateReceivingBody = (values: NewReceivingFormOutput): CreateReceivingBody => ({
  carrier: values.carrier,
  trackingNumber: values.trackingNumber,
  ...(values.expectedArrivalDate ? { expectedArrivalDate: values.expectedArrivalDate } : {}),
  ...(values.notes ? { notes: values.notes } : {}),
  items: [
    ...values.orderItems.map((line) => ({
      creatorOrderItemId: line.creatorOrderItemId,
      quantity: line.quantity,
    })),
    ...values.intakeLines.map((line) => ({
      title: line.title,
      ...(line.sku ? { sku: line.sku } : {}),
      ...(line.variantId ? { variantId: line.variantId } : {}),
      quantity: line.quantity,
    })),
  ],
});

/**
 * /receivings/new: each field says plainly what it needs; then the body it makes must pass the
 * contract's CreateReceivingBodySchema, the server's own check, with its issues on their fields.
 */
export const NewReceivingFormSchema = FormShapeSchema.superRefine((values, context) => {
  const itemCount = values.orderItems.length + values.intakeLines.length;
  if (itemCount === 0 || itemCount > MAX_RECEIVING_ITEMS) {
    context.addIssue({
      code: 'custom',
      path: ['intakeLines'],
      message:
        itemCount === 0
          ? 'Choose a sourcing order item or add goods bought elsewhere.'
          : `At most ${MAX_RECEIVING_ITEMS} items on one receiving.`,
    });
    return;
  }
  const checked = CreateReceivingBodySchema.safeParse(toCreateReceivingBody(values));
  for (const issue of checked.error?.issues ?? []) {
    const field = formFieldOf(values.orderItems.length, issue.path.join('.'));
    context.addIssue({
      code: 'custom',
      path: field ? field.split('.') : ['intakeLines'],
      message: issue.message,
    });
  }
});
export type NewReceivingFormValues = z.input<typeof NewReceivingFormSchema>;

export type NewReceivingForm = UseFormReturn<
  NewReceivingFormValues,
  unknown,
  NewReceivingFormOutput
>;
