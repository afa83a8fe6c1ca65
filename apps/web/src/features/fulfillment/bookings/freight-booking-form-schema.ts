import { z } from 'zod';
import {
  CreateFreightBookingBodySchema,
  FREIGHT_DIMENSION_UNITS,
  FREIGHT_MODES,
  FREIGHT_WEIGHT_UNITS,
  HANDLING_UNITS,
  type CreateFreightBookingBody,
} from '@atelier/contract/fulfillment/bookings';
import { EMPTY_ADDRESS, addressOf } from '../labels/address-fields';

/** A number field's value: undefined while empty. */
const amount = (what: string) =>
  z
    .number()
    .optional()
    .pipe(z.number(`Enter the ${what}.`).positive(`The ${what} must be more than 0.`));

const OriginSchema = z.object({
  name: z.string().trim().min(1, 'Enter the name.'),
  email: z.string(),
  company: z.string(),
  addressLine1: z.string().trim().min(1, 'Enter the street address.'),
  addressLine2: z.string(),
  city: z.string().trim().min(1, 'Enter the city.'),
  stateCode: z.string(),
  zipCode: z.string(),
  phone: z.string(),
  country: z.string(),
  countryCode: z.string().min(2, 'Choose the country.'),
});

const FormShapeSchema = z.object({
  origin: OriginSchema,
  pickupReadyDate: z.string().min(1, 'Choose the day the goods are ready.'),
  mode: z.union([z.enum(FREIGHT_MODES), z.literal('')]).refine((mode) => mode !== '', {
    message: 'Choose how the goods travel.',
  }),
  handlingUnit: z.enum(HANDLING_UNITS),
  unitCount: amount('number of units'),
  weight: amount('total weight'),
  weightUnit: z.enum(FREIGHT_WEIGHT_UNITS),
  length: amount('length'),
  width: amount('width'),
  height: amount('height'),
  dimensionUnit: z.enum(FREIGHT_DIMENSION_UNITS),
  commodity: z.string().trim().min(1, 'Say what the goods are.'),
  receivingSn: z.string().trim(),
  notes: z.string().trim(),
});
export type FreightFormOutput = z.output<typeof FormShapeSchema>;

/** The body the form sends: empty optional fields are left out. */
export const toFreightBody = (values: FreightFormOutput): CreateFreightBookingBody => ({
  origin: addressOf(values.origin),
  pickupReadyDate: values.pickupReadyDate,
  mode: values.mode,
  handlingUnit: values.handlingUnit,
  unitCount: values.unitCount,
  weight: values.weight,
  weightUnit: values.weightUnit,
  length: values.length,
  width: values.width,
  height: values.height,
  dimensionUnit: values.dimensionUnit,
  commodity: values.commodity,
  ...(values.receivingSn ? { receivingSn: values.receivingSn } : {}),
  ...(values.notes ? { notes: values.notes } : {}),
});

/** Fields of the form a server or contract issue can land on (`origin.*` too). */
const FIELDS = new Set(Object.keys(FormShapeSchema.shape));
export const freightFormFieldOf = (path: string): string | null => {
  const [head] = path.split('.');
  return head && FIELDS.has(head) ? path : null;
};

/**
 * /fulfillment-services/book-freight-shipment: each field says plainly what it needs; then the
 * body must pass the contract's CreateFreightBookingBodySchema (the server's own check).
 */
export const FreightFormSchema = FormShapeSchema.superRefine((values, context) => {
  const checked = CreateFreightBookingBodySchema.safeParse(toFreightBody(values));
  for (const issue of checked.error?.issues ?? []) {
    const field = freightFormFieldOf(issue.path.join('.'));
    context.addIssue({
      code: 'custom',
      path: field ? field.split('.') : ['commodity'],
      message: issue.message,
    });
  }
});
export type FreightFormValues = z.input<typeof FreightFormSchema>;

export const EMPTY_FREIGHT_FORM: FreightFormValues = {
  origin: EMPTY_ADDRESS,
  pickupReadyDate: '',
  mode: '',
  handlingUnit: 'PALLET',
  unitCount: undefined,
  weight: undefined,
  weightUnit: 'lb',
  length: undefined,
  width: undefined,
  height: undefined,
  dimensionUnit: 'in',
  commodity: '',
  receivingSn: '',
  notes: '',
};
