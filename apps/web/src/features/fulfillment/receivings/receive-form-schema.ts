import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  MAX_RECEIVING_CARTONS,
  MAX_RECEIVING_UNITS,
  RECEIVING_INCIDENT_KINDS,
  ReceiveBodySchema,
  STANDARD_PALLET_LIMITS,
  type ReceiveBody,
  type ReceivingItem,
} from '@atelier/contract/fulfillment/receiving';

/** The incidents the dock reports by hand; an oversize pallet is found from its measures. */
export const REPORTED_INCIDENT_KINDS = RECEIVING_INCIDENT_KINDS.filter(
  (kind): kind is Exclude<typeof kind, 'OVERSIZE_PALLET'> => kind !== 'OVERSIZE_PALLET',
);

/** Units as a number field gives them: undefined while it is empty. */
const optionalUnits = z
  .number()
  .int('Whole units only.')
  .min(0, 'Not below 0.')
  .max(MAX_RECEIVING_UNITS, `At most ${MAX_RECEIVING_UNITS.toLocaleString('en-US')}.`)
  .optional();

/** One item's units in one carton; both empty: the item is not in this carton. */
const CountSchema = z
  .object({ itemId: z.string(), quantity: optionalUnits, damaged: optionalUnits })
  .refine((count) => count.quantity !== undefined || !count.damaged, {
    message: 'Enter the units counted, damaged ones included.',
    path: ['quantity'],
  })
  .refine((count) => count.quantity === undefined || (count.damaged ?? 0) <= count.quantity, {
    message: 'More damaged than counted.',
    path: ['damaged'],
  });

const CartonSchema = z
  .object({ counts: z.array(CountSchema) })
  .refine((carton) => carton.counts.some((count) => count.quantity !== undefined), {
    message: 'Enter the units of at least one item in this carton.',
    path: ['counts'],
  });

const measure = (what: string) =>
  z
    .number()
    .optional()
    .pipe(z.number(`Enter the ${what}.`).positive(`The ${what} is more than 0.`));

const FormShapeSchema = z.object({
  cartons: z
    .array(CartonSchema)
    .min(1, 'Add a carton.')
    .max(MAX_RECEIVING_CARTONS, `At most ${MAX_RECEIVING_CARTONS} cartons.`),
  incidents: z.array(
    z.object({ kind: z.enum(REPORTED_INCIDENT_KINDS), note: z.string().trim().max(500) }),
  ),
  pallets: z.array(
    z.object({
      lengthIn: measure('length'),
      widthIn: measure('width'),
      heightIn: measure('height'),
      weightLb: measure('weight'),
    }),
  ),
});
export type ReceiveFormOutput = z.output<typeof FormShapeSchema>;

/** Per carton, the form's item indexes that go in the body (those with units entered). */
const countedIndexes = (values: ReceiveFormOutput): number[][] =>
  values.cartons.map((carton) =>
    carton.counts.flatMap((count, index) => (count.quantity === undefined ? [] : [index])),
  );

/** The count as the server takes it: each carton names the items with units entered. */
export const toReceiveBody = (values: ReceiveFormOutput): ReceiveBody => {
  const counted = countedIndexes(values);
  return {
    cartons: values.cartons.map((carton, cartonIndex) => ({
      counts: counted[cartonIndex]!.map((index) => {
        const count = carton.counts[index]!;
        return { itemId: count.itemId, quantity: count.quantity!, damaged: count.damaged ?? 0 };
      }),
    })),
    incidents: values.incidents.map((incident) => ({
      kind: incident.kind,
      ...(incident.note ? { note: incident.note } : {}),
    })),
    pallets: values.pallets,
  };
};

/**
 * The body's field `path` (`cartons.1.counts.0.damaged`) as the form's field; `null` for the
 * form as a whole. A carton's Nth count is the Nth item with units entered in it.
 */
export const formFieldOf = (values: ReceiveFormOutput, path: string): string | null => {
  const parts = path.split('.');
  const [head, first, second, third, fourth] = parts;
  if (head === 'cartons' && first !== undefined && second === 'counts') {
    if (third === undefined) return `cartons.${first}.counts`;
    const index = countedIndexes(values)[Number(first)]?.[Number(third)];
    if (index === undefined) return `cartons.${first}.counts`;
    return `cartons.${first}.counts.${index}.${fourth === 'damaged' ? 'damaged' : 'quantity'}`;
  }
  if ((head === 'incidents' || head === 'pallets') && first !== undefined && second) {
    return parts.slice(0, 3).join('.');
  }
  return null;
};

/**
 * The count form: each field says plainly what it needs; then the body it makes must pass the
 * contract's ReceiveBodySchema, the server's own check, with its issues on their fields.
 */
export const ReceiveFormSchema = FormShapeSchema.superRefine((values, context) => {
  const checked = ReceiveBodySchema.safeParse(toReceiveBody(values));
  for (const issue of checked.error?.issues ?? []) {
    const field = formFieldOf(values, issue.path.join('.'));
    context.addIssue({
      code: 'custom',
      path: field ? field.split('.') : ['cartons'],
      message: issue.message,
    });
  }
});
export type ReceiveFormValues = z.input<typeof ReceiveFormSchema>;
export type ReceiveForm = UseFormReturn<ReceiveFormValues, unknown, ReceiveFormOutput>;

/** A carton with every item of the receiving, nothing entered yet. */
export const anEmptyCarton = (
  items: readonly ReceivingItem[],
): ReceiveFormValues['cartons'][number] => ({
  counts: items.map((item) => ({ itemId: item.id, quantity: undefined, damaged: undefined })),
});

type PalletMeasures = ReceiveFormValues['pallets'][number];

/**
 * Whether a pallet is over the standard 48×40×60 in or 500 lb, either way round on the floor
 * (the server's rule; it charges such a pallet as an incident).
 */
export const isOversizePallet = (pallet: PalletMeasures): boolean => {
  const [long, short] = [pallet.lengthIn ?? 0, pallet.widthIn ?? 0].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (
    long > STANDARD_PALLET_LIMITS.lengthIn ||
    short > STANDARD_PALLET_LIMITS.widthIn ||
    (pallet.heightIn ?? 0) > STANDARD_PALLET_LIMITS.heightIn ||
    (pallet.weightLb ?? 0) > STANDARD_PALLET_LIMITS.weightLb
  );
};
