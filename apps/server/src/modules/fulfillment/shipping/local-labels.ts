import { randomInt } from 'node:crypto';
import type { FieldIssue } from '@atelier/contract/common/errors';
import {
  GRAMS_PER_POUND,
  MAX_PARCEL_SIDE_IN,
  MAX_PARCEL_WEIGHT_LB,
  type LabelAddress,
  type LabelParcel,
} from '@atelier/contract/fulfillment/shipment';
import type { AddressReference } from '@/modules/orders';
import { shippingAddressIssues } from '@/modules/orders';
import type { LabelPort, LabelQuote } from '../shipment.service';
import { renderLabelPdf } from './label-document';

/** Spec §9: 453.59237 g per lb (exact); 16 oz per lb; 2.54 cm per in (exact). */
const GRAMS_PER = { lb: GRAMS_PER_POUND, oz: GRAMS_PER_POUND / 16, g: 1, kg: 1000 } as const;
const CM_PER_IN = 2.54;

/** The parcel's weight in grams (not rounded). */
export const parcelGrams = (parcel: Pick<LabelParcel, 'weight' | 'massUnit'>): number =>
  parcel.weight * GRAMS_PER[parcel.massUnit];

/** The parcel's weight in pounds. */
export const parcelPounds = (parcel: Pick<LabelParcel, 'weight' | 'massUnit'>): number =>
  parcelGrams(parcel) / GRAMS_PER_POUND;

/** The parcel's sides in inches, longest first. */
export const parcelInches = (parcel: LabelParcel): [number, number, number] => {
  const factor = parcel.distanceUnit === 'cm' ? 1 / CM_PER_IN : 1;
  return [parcel.length, parcel.width, parcel.height]
    .map((side) => side * factor)
    .sort((a, b) => b - a) as [number, number, number];
};

/** The carriers' divisor for dimensional weight (cubic inches per pound). */
export const DIM_DIVISOR = 139;

/**
 * The weight a rate is charged on: the actual or the dimensional weight (L×W×H in / 139),
 * whichever is more, rounded up to a whole pound (at least 1).
 */
export const billableWeightLb = (parcel: LabelParcel): number => {
  const [a, b, c] = parcelInches(parcel);
  return Math.max(1, Math.ceil(Math.max(parcelPounds(parcel), (a * b * c) / DIM_DIVISOR) - 1e-9));
};

/**
 * The zone of a parcel: 1 within a 3-digit ZIP area, then 2–8 by how far apart the ZIPs' first
 * digits (the national areas, 0 in the north-east to 9 on the west coast) are; 9 abroad. An
 * approximation of a carrier's zone chart for the local rate table.
 */
export const zoneOf = (from: LabelAddress, to: LabelAddress): number => {
  if (from.countryCode !== 'US' || to.countryCode !== 'US') return 9;
  const a = (from.zipCode ?? '').replace(/\D/g, '');
  const b = (to.zipCode ?? '').replace(/\D/g, '');
  if (a.length < 3 || b.length < 3) return 8;
  if (a.slice(0, 3) === b.slice(0, 3)) return 1;
  return Math.min(8, 2 + Math.abs(Number(a[0]) - Number(b[0])));
};

type LocalService = {
  serviceLevel: string;
  /** Cents: the rate is `base[zone] + perLb[zone] × (billable lb − 1)`. */
  base: readonly number[];
  perLb: readonly number[];
  /** Business days by zone. */
  days: readonly number[];
  isInternational: boolean;
};

/**
 * The local rate table, USD cents by zone (index 1–8 domestic; 9 abroad), modelled on the shape of
 * published ground, priority and express retail rates. Local data: not a carrier's price list.
 */
export const LOCAL_RATE_TABLE: readonly LocalService[] = [
  {
    serviceLevel: 'Ground',
    base: [0, 560, 590, 620, 660, 710, 760, 820, 880],
    perLb: [0, 45, 55, 70, 85, 100, 115, 130, 150],
    days: [0, 2, 2, 3, 4, 5, 5, 6, 7],
    isInternational: false,
  },
  {
    serviceLevel: 'Priority',
    base: [0, 895, 935, 990, 1_080, 1_190, 1_320, 1_450, 1_620],
    perLb: [0, 90, 110, 140, 170, 210, 250, 290, 340],
    days: [0, 1, 2, 2, 2, 3, 3, 3, 3],
    isInternational: false,
  },
  {
    serviceLevel: 'Express',
    base: [0, 2_650, 2_850, 3_100, 3_400, 3_750, 4_100, 4_500, 4_950],
    perLb: [0, 160, 190, 230, 270, 320, 370, 420, 480],
    days: [0, 1, 1, 1, 1, 1, 1, 2, 2],
    isInternational: false,
  },
  {
    serviceLevel: 'International Standard',
    base: [0, 0, 0, 0, 0, 0, 0, 0, 0, 2_900],
    perLb: [0, 0, 0, 0, 0, 0, 0, 0, 0, 650],
    days: [0, 0, 0, 0, 0, 0, 0, 0, 0, 10],
    isInternational: true,
  },
  {
    serviceLevel: 'International Express',
    base: [0, 0, 0, 0, 0, 0, 0, 0, 0, 5_400],
    perLb: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1_150],
    days: [0, 0, 0, 0, 0, 0, 0, 0, 0, 4],
    isInternational: true,
  },
];

/** The local provider's carrier name: it says the label is Atelier's own. */
export const LOCAL_CARRIER = 'Atelier Local Post';

/** A tracking number: "AT", 17 random digits and a Luhn check digit. */
export const newTrackingNumber = (): string => {
  const digits = Array.from({ length: 17 }, () => randomInt(10));
  let sum = 0;
  digits.forEach((digit, index) => {
    // From the right of the full number (with its check digit), every second digit doubles.
    const doubled = (digits.length - index) % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  });
  return `AT${digits.join('')}${(10 - (sum % 10)) % 10}`;
};

/** Whether a tracking number's Luhn check digit is right. */
export const isTrackingNumber = (value: string): boolean => {
  const match = /^AT(\d{18})$/.exec(value);
  if (!match) return false;
  let sum = 0;
  [...match[1]!].reverse().forEach((char, index) => {
    const digit = Number(char);
    const doubled = index % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  });
  return sum % 10 === 0;
};

const formatPounds = (pounds: number) =>
  `${pounds >= 10 ? pounds.toFixed(1) : pounds.toFixed(2)} lb`.replace(/\.?0+ lb$/, ' lb');

/**
 * What is wrong with a parcel (field `parcel.*`): more than 0 and at most 150 lb, sides at most
 * 108 in; and its weight in whole grams.
 */
export const checkParcel = (parcel: LabelParcel): { issues: FieldIssue[]; weightG: number } => {
  const issues: FieldIssue[] = [];
  const pounds = parcelPounds(parcel);
  if (!(pounds > 0)) {
    issues.push({ field: 'parcel.weight', message: 'The parcel must weigh more than 0.' });
  } else if (pounds > MAX_PARCEL_WEIGHT_LB) {
    issues.push({
      field: 'parcel.weight',
      message: `A parcel weighs at most ${MAX_PARCEL_WEIGHT_LB} lb; this one weighs ${formatPounds(pounds)}. Book freight for heavier goods.`,
    });
  }
  const sides = { length: parcel.length, width: parcel.width, height: parcel.height };
  const factor = parcel.distanceUnit === 'cm' ? 1 / CM_PER_IN : 1;
  for (const [side, value] of Object.entries(sides)) {
    if (value * factor > MAX_PARCEL_SIDE_IN) {
      issues.push({
        field: `parcel.${side}`,
        message: `A side is at most ${MAX_PARCEL_SIDE_IN} in.`,
      });
    }
  }
  return { issues, weightG: Math.max(1, Math.round(parcelGrams(parcel))) };
};

/** Address issues of a label address, with the draft's field names under `at`. */
export const labelAddressIssues = async (
  address: LabelAddress,
  at: string,
  reference: AddressReference,
): Promise<FieldIssue[]> => {
  const issues = await shippingAddressIssues(
    {
      name: address.name || null,
      company: address.company ?? null,
      line1: address.addressLine1 || null,
      line2: address.addressLine2 ?? null,
      city: address.city || null,
      stateCode: address.stateCode ?? null,
      postalCode: address.zipCode ?? null,
      countryCode: address.countryCode || null,
      phone: address.phone ?? null,
    },
    reference,
    '',
  );
  const names: Record<string, string> = { line1: 'addressLine1', postalCode: 'zipCode' };
  return issues.map((issue) => {
    const name = names[issue.field] ?? issue.field;
    return { field: at ? `${at}.${name}` : name, message: issue.message };
  });
};

/** The parcel's rates from the local table, cheapest first. */
export const localQuotes = (input: {
  from: LabelAddress;
  to: LabelAddress;
  parcel: LabelParcel;
}): LabelQuote[] => {
  const zone = zoneOf(input.from, input.to);
  const pounds = billableWeightLb(input.parcel);
  return LOCAL_RATE_TABLE.filter((service) => service.isInternational === zone > 8)
    .map((service) => ({
      serviceLevel: service.serviceLevel,
      carrier: LOCAL_CARRIER,
      amount: service.base[zone]! + service.perLb[zone]! * (pounds - 1),
      currencyCode: 'USD',
      estimatedDays: service.days[zone]!,
      zone,
    }))
    .sort((a, b) => a.amount - b.amount);
};

/**
 * ARCHITECTURE.md §4 ShippingProvider, the local default: addresses checked against the
 * country and state data (postal-code format per country where known), the local rate table by
 * zone and billable weight, and real 4×6 in PDF labels with a Code 128 barcode, marked as local
 * test labels not valid with a carrier. Works offline.
 */
export const createLocalLabels = ({ reference }: { reference: AddressReference }): LabelPort => ({
  providerName: 'local',
  addressIssues: (address, at) => labelAddressIssues(address, at, reference),
  checkParcel,
  quote: async (input) => localQuotes(input),
  async buy(input) {
    const quote = localQuotes(input).find((one) => one.serviceLevel === input.serviceLevel);
    if (!quote) throw new Error(`${input.serviceLevel} is not offered for this parcel.`);
    const trackingNumber = newTrackingNumber();
    const pdf = await renderLabelPdf({
      from: input.from,
      to: input.to,
      carrier: LOCAL_CARRIER,
      serviceLevel: quote.serviceLevel,
      trackingNumber,
      weightText: formatPounds(parcelPounds(input.parcel)),
      reference: input.reference,
      banner: 'LOCAL TEST LABEL - NOT VALID FOR CARRIER SHIPMENT',
      shipDate: new Date().toISOString(),
    });
    return { carrier: LOCAL_CARRIER, trackingNumber, pdf };
  },
});
