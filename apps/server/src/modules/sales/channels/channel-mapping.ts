import type { PostalAddress } from '@atelier/contract/sales/order';
import { toMinorUnits } from '../order-lines-csv';

/*
 * Small pieces shared by the WooCommerce and Wix mappings (issue 11): text as the contract's
 * fields accept it, country and state codes, and decimal amounts in minor units.
 */

// The contract's text fields refuse control characters (tab and line breaks aside).
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Text trimmed and bounded, without control characters; null when nothing is left. */
export const cleanText = (value: string | null | undefined, max: number): string | null => {
  const text = value?.replace(CONTROL_CHARACTERS, '').trim().slice(0, max).trim();
  return text ? text : null;
};

/** An upper-case code matching `pattern` (ISO country, state), else null. */
export const codeOrNull = (value: string | null | undefined, pattern: RegExp) => {
  const code = value?.trim().toUpperCase();
  return code && pattern.test(code) ? code : null;
};

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
  '#8217': '’',
  '#8211': '–',
};

/** A shop's HTML description as plain text: tags dropped, paragraphs kept as line breaks. */
export const htmlToText = (html: string | null | undefined): string | null => {
  if (!html) return null;
  const text = html
    .replace(/<\s*(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&([a-z]+|#\d+);/gi, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? entity)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
  return cleanText(text, 20_000);
};

/** An address from its parts; null when every part is empty. */
export const postalAddress = (parts: {
  name?: string | null | undefined;
  company?: string | null | undefined;
  line1?: string | null | undefined;
  line2?: string | null | undefined;
  city?: string | null | undefined;
  state?: string | null | undefined;
  postalCode?: string | null | undefined;
  country?: string | null | undefined;
  phone?: string | null | undefined;
}): PostalAddress | null => {
  const address: PostalAddress = {
    name: cleanText(parts.name, 200),
    company: cleanText(parts.company, 200),
    line1: cleanText(parts.line1, 300),
    line2: cleanText(parts.line2, 300),
    city: cleanText(parts.city, 120),
    stateCode: codeOrNull(parts.state, /^[A-Z0-9]{1,3}$/),
    postalCode: cleanText(parts.postalCode, 20),
    countryCode: codeOrNull(parts.country, /^[A-Z]{2}$/),
    phone: cleanText(parts.phone, 40),
  };
  return Object.values(address).some((value) => value !== null) ? address : null;
};

/** Thrown for a channel record that cannot become a store record (an amount that is not one). */
export class ChannelRecordError extends Error {}

/**
 * A decimal amount ("12.50", 12.5) in minor units of `currency`; empty is 0. Throws
 * ChannelRecordError naming `field` when it is not an amount.
 */
export const minorUnitsOf = (
  value: string | number | null | undefined,
  currency: string,
  field: string,
): number => {
  if (value === null || value === undefined || value === '') return 0;
  const amount = toMinorUnits(String(value), currency);
  if (amount === undefined) throw new ChannelRecordError(`${field} is not an amount (${value}).`);
  return amount;
};

/** Grams in one unit of a shop's weight setting. */
const GRAMS_PER_UNIT: Record<string, number> = {
  g: 1,
  kg: 1_000,
  lbs: 453.59237,
  lb: 453.59237,
  oz: 28.349523125,
  kilogram: 1_000,
  pound: 453.59237,
};

/** A weight written in the shop's unit, in whole grams; null when absent or not a number. */
export const gramsOf = (value: string | number | null | undefined, unit: string): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  const factor = GRAMS_PER_UNIT[unit.toLowerCase()];
  if (!Number.isFinite(number) || number < 0 || factor === undefined) return null;
  return Math.round(number * factor);
};
