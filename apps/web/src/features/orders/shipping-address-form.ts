import { z } from 'zod';
import { type PostalAddress, PostalAddressSchema } from '@atelier/contract/sales/order';

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * The checkout's shipping address as typed (spec §2 /add-shipping-address, issue 12): the
 * server's rules, with its words, for what the form can tell alone (name, street, city and
 * country required). Whether the country needs a state, and the postal code's pattern, come from
 * the reference data: the state is checked on submit, the postal code by the server (400 on
 * `shippingAddress.postalCode`).
 */
export const ShippingAddressFormSchema = z
  .object({
    shippingAddress: z.object({
      name: z.string().trim().min(1, 'Enter the recipient’s name.').max(200),
      company: z.string().max(200),
      line1: z.string().trim().min(1, 'Enter the street address.').max(300),
      line2: z.string().max(300),
      city: z.string().trim().min(1, 'Enter the city.').max(120),
      countryCode: z.string().min(1, 'Choose the country.'),
      stateCode: z.string(),
      postalCode: z.string().max(20),
      phone: z.string().max(40),
    }),
  })
  .transform(({ shippingAddress: address }): { shippingAddress: PostalAddress } => ({
    shippingAddress: {
      name: orNull(address.name),
      company: orNull(address.company),
      line1: orNull(address.line1),
      line2: orNull(address.line2),
      city: orNull(address.city),
      stateCode: orNull(address.stateCode),
      postalCode: orNull(address.postalCode),
      countryCode: address.countryCode,
      phone: orNull(address.phone),
    },
  }))
  .pipe(z.object({ shippingAddress: PostalAddressSchema }));

export type ShippingAddressFormValues = z.input<typeof ShippingAddressFormSchema>;
export type ShippingAddressFormOutput = { shippingAddress: PostalAddress };

export const ADDRESS_PARTS = [
  'name',
  'company',
  'line1',
  'line2',
  'city',
  'countryCode',
  'stateCode',
  'postalCode',
  'phone',
] as const;

/** The form's field names, as the server names them in its 400 details. */
export const SHIPPING_ADDRESS_FIELDS = ADDRESS_PARTS.map(
  (part) => `shippingAddress.${part}` as const,
);

export const EMPTY_SHIPPING_ADDRESS: ShippingAddressFormValues = {
  shippingAddress: {
    name: '',
    company: '',
    line1: '',
    line2: '',
    city: '',
    countryCode: 'US',
    stateCode: '',
    postalCode: '',
    phone: '',
  },
};

/** The form's values for a saved address (blank where it has none; the US when no country). */
export const toShippingAddressFormValues = (
  address: PostalAddress | null,
): ShippingAddressFormValues => {
  if (!address) return EMPTY_SHIPPING_ADDRESS;
  const text = (value: string | null) => value ?? '';
  return {
    shippingAddress: {
      name: text(address.name),
      company: text(address.company),
      line1: text(address.line1),
      line2: text(address.line2),
      city: text(address.city),
      countryCode: address.countryCode ?? 'US',
      stateCode: text(address.stateCode),
      postalCode: text(address.postalCode),
      phone: text(address.phone),
    },
  };
};

/**
 * What is wrong with `postalCode` for `country` by its pattern from the reference data, in the
 * server's words (shipping-address.ts), or null: a code is needed where the country has a
 * pattern; a pattern JavaScript cannot read checks nothing (the server decides).
 */
export const postalCodeIssue = (
  country: { name: string; postalCodeRegex?: string | null | undefined },
  postalCode: string,
): string | null => {
  if (!country.postalCodeRegex) return null;
  const code = postalCode.trim();
  if (!code) return 'Enter the postal code.';
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^(?:${country.postalCodeRegex})$`);
  } catch {
    return null;
  }
  return pattern.test(code) ? null : `${code} is not a postal code of ${country.name}.`;
};
