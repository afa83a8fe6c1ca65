import type { FieldIssue } from '@atelier/contract/common/errors';
import { minorDigitsOf } from '@atelier/contract/common/money';
import type { LabelAddress, LabelParcel } from '@atelier/contract/fulfillment/shipment';
import { ShippingProviderError } from './shipping-provider-error';

/**
 * Shippo's REST API on the wire (docs.goshippo.com, API version 2018-02-08): the fields the
 * adapter and the local fake use. Money is a decimal string in `currency`; weights and sides are
 * decimal strings with their units.
 */

/** A message Shippo attaches to an address check, a shipment (a carrier's) or a transaction. */
export type ShippoMessage = { source?: string; code?: string; text?: string; type?: string };

export type ShippoAddressInput = {
  name?: string;
  company?: string;
  street1?: string;
  street2?: string;
  city?: string;
  state?: string;
  zip?: string;
  country: string;
  phone?: string;
  email?: string;
};

export type ShippoParcelInput = {
  length: string;
  width: string;
  height: string;
  distance_unit: string;
  weight: string;
  mass_unit: string;
};

/** POST /addresses/ with `validate: true` answers the address with its validation results. */
export type ShippoAddress = ShippoAddressInput & {
  object_id?: string;
  validation_results?: { is_valid?: boolean; messages?: ShippoMessage[] };
};

export type ShippoRate = {
  object_id: string;
  /** Decimal string in `currency`, e.g. "10.10". */
  amount: string;
  currency: string;
  /** The carrier, e.g. "USPS". */
  provider: string;
  servicelevel: { name?: string; token?: string; terms?: string };
  estimated_days?: number | null;
};

export type ShippoShipment = {
  object_id: string;
  status?: string;
  rates?: ShippoRate[];
  messages?: ShippoMessage[];
};

/** A label purchase: WAITING or QUEUED while the carrier works, then SUCCESS or ERROR. */
export type ShippoTransaction = {
  object_id: string;
  status: string;
  rate?: string;
  tracking_number?: string | null;
  label_url?: string | null;
  messages?: ShippoMessage[];
};

/** The label format asked of Shippo: a 4×6 in PDF, as the local labels are. */
export const SHIPPO_LABEL_FILE_TYPE = 'PDF_4x6';

/**
 * Shippo's decimal `amount` as integer minor units of ISO 4217 `currencyCode`, exactly (string
 * arithmetic, no floating point): "10.10" USD → 1010, "7" USD → 700, "500" JPY → 500. A price
 * finer than the currency's minor unit ("7.125" USD → 713) is rounded up, so a quote is never
 * less than the carrier charges. Throws `ShippingProviderError`
 * (`shipping_provider_error`) for a string that is not a non-negative decimal number.
 */
export const fromShippoAmount = (amount: string, currencyCode: string): number => {
  const match = /^\s*(\d{1,12})(?:\.(\d*))?\s*$/.exec(amount);
  if (!match) {
    throw new ShippingProviderError('shipping_provider_error', {
      message: 'Shippo answered with a price that is not a number.',
      cause: { amount, currencyCode },
    });
  }
  const digits = minorDigitsOf(currencyCode.toUpperCase());
  const fraction = match[2] ?? '';
  const kept = Number(fraction.slice(0, digits).padEnd(digits, '0') || '0');
  const minor = Number(match[1]) * 10 ** digits + kept;
  return /[1-9]/.test(fraction.slice(digits)) ? minor + 1 : minor;
};

/** Integer minor units as Shippo's decimal string: 1010 USD → "10.10", 500 JPY → "500". */
export const toShippoAmount = (amount: number, currencyCode: string): string => {
  const digits = minorDigitsOf(currencyCode.toUpperCase());
  const units = String(amount).padStart(digits + 1, '0');
  return digits === 0 ? units : `${units.slice(0, -digits)}.${units.slice(-digits)}`;
};

const withoutEmpty = <T extends Record<string, string | null | undefined>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value)) as {
    [K in keyof T]?: string;
  };

/**
 * A spec §3 label address in Shippo's terms: addressLine1 → street1, zipCode → zip, the state's
 * code (or its name) → state, the two-letter countryCode → country; empty fields are left out.
 */
export const toShippoAddress = (address: LabelAddress): ShippoAddressInput => ({
  ...withoutEmpty({
    name: address.name,
    company: address.company,
    street1: address.addressLine1,
    street2: address.addressLine2,
    city: address.city,
    state: address.stateCode ?? address.state,
    zip: address.zipCode,
    phone: address.phone,
    email: address.email,
  }),
  country: address.countryCode,
});

/** Shippo's address back in spec §3 terms (the fake renders its labels from it). */
export const fromShippoAddress = (address: ShippoAddressInput): LabelAddress => ({
  name: address.name ?? '',
  email: address.email ?? null,
  company: address.company ?? null,
  addressLine1: address.street1 ?? '',
  addressLine2: address.street2 ?? null,
  city: address.city ?? '',
  state: null,
  stateCode: address.state ?? null,
  zipCode: address.zip ?? null,
  phone: address.phone ?? null,
  country: address.country,
  countryCode: address.country,
});

/** A number as a short decimal string (at most 4 places, never exponent notation). */
const decimal = (value: number) => value.toFixed(4).replace(/\.?0+$/, '') || '0';

/** A parcel as entered (lb/oz/g/kg and in/cm, units Shippo takes as they are) in Shippo's terms. */
export const toShippoParcel = (parcel: LabelParcel): ShippoParcelInput => ({
  length: decimal(parcel.length),
  width: decimal(parcel.width),
  height: decimal(parcel.height),
  distance_unit: parcel.distanceUnit,
  weight: decimal(parcel.weight),
  mass_unit: parcel.massUnit,
});

/**
 * The service level a Shippo rate is bought by: the carrier and its service ("USPS Priority
 * Mail", "UPS Ground"), so two carriers' "Ground" stay apart.
 */
export const serviceLevelOf = (rate: ShippoRate): string => {
  const name = rate.servicelevel.name?.trim() || rate.servicelevel.token || 'Service';
  return name.toLowerCase().startsWith(rate.provider.toLowerCase())
    ? name
    : `${rate.provider} ${name}`;
};

/** Shippo's field names in the draft's (spec §3) terms, for the field issues of a refusal. */
const FIELD_NAMES: Record<string, string> = {
  address_from: 'fromAddress',
  address_to: 'toAddress',
  parcels: 'parcel',
  street1: 'addressLine1',
  street2: 'addressLine2',
  zip: 'zipCode',
  state: 'stateCode',
  country: 'countryCode',
  mass_unit: 'massUnit',
  distance_unit: 'distanceUnit',
  rate: 'serviceLevel',
};
const WHOLE_REQUEST_KEYS = new Set(['detail', '__all__', 'non_field_errors', 'messages']);

/**
 * The field issues in a Shippo error body, whose shape is Django REST framework's: `{ "detail":
 * "…" }`, or messages keyed by field, nested (`{ "address_to": { "zip": ["…"] } }` →
 * `toAddress.zipCode`), or Shippo messages (`{ "messages": [{ "source", "text" }] }`). Messages
 * not about one field are under `body`. At most 20.
 */
export const shippoIssuesOf = (body: unknown): FieldIssue[] => {
  const walk = (value: unknown, path: string[]): FieldIssue[] => {
    if (typeof value === 'string') {
      return [{ field: path.join('.') || 'body', message: value.slice(0, 300) }];
    }
    if (Array.isArray(value)) return value.flatMap((item) => walk(item, path));
    const message = value as ShippoMessage | null;
    if (typeof message?.text === 'string') {
      const text = message.source ? `${message.source}: ${message.text}` : message.text;
      return walk(text, path);
    }
    if (value && typeof value === 'object') {
      return Object.entries(value).flatMap(([key, item]) =>
        WHOLE_REQUEST_KEYS.has(key) || /^\d+$/.test(key)
          ? walk(item, path)
          : walk(item, [...path, FIELD_NAMES[key] ?? key]),
      );
    }
    return [];
  };
  return walk(body, []).slice(0, 20);
};

/** Shippo's messages as one sentence for a person ("USPS: …; UPS: …"), or null when none. */
export const describeMessages = (messages: ShippoMessage[] | undefined): string | null => {
  const texts = (messages ?? []).flatMap((message) =>
    message.text ? [message.source ? `${message.source}: ${message.text}` : message.text] : [],
  );
  return texts.length > 0 ? texts.join('; ').slice(0, 500) : null;
};
