import { fnv1a64Hex } from '@/lib/seeded-random';

/** The name as compared for duplicates: trimmed, lower case, runs of spaces collapsed. */
export const normalizeSupplierName = (name: string): string =>
  name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A supplier's stable id from its name and country, so the seed and every import of the same
 * supplier land on the same row: `cmp_` + FNV-1a 64 of "normalised name|country code".
 */
export const supplierIdOf = (name: string, countryCode: string): string =>
  `cmp_${fnv1a64Hex(`${normalizeSupplierName(name)}|${countryCode.toUpperCase()}`)}`;

/** Legal-form and country tokens that read best in capitals. */
const UPPERCASE_TOKENS = new Set([
  'AB',
  'AG',
  'BD',
  'BV',
  'CV',
  'EPZ',
  'HK',
  'II',
  'III',
  'IV',
  'JSC',
  'JV',
  'KG',
  'LLC',
  'LLP',
  'NV',
  'OEM',
  'PLC',
  'PT',
  'SA',
  'SAS',
  'SARL',
  'SC',
  'SL',
  'SPA',
  'SRL',
  'UK',
  'USA',
  'VN',
  'VI',
]);
const LOWERCASE_TOKENS = new Set(['and', 'of', 'the', 'de', 'del', 'la', 'y', 'e', 'di', 'da']);
const SPECIAL_CASE: Record<string, string> = { gmbh: 'GmbH' };
/** Vowel-less abbreviations that are words, not initials ("LTD" → "Ltd", but "HTC" stays). */
const ABBREVIATION_WORDS = new Set(['ltd', 'pvt', 'mfg', 'fty', 'st', 'rd', 'th', 'nd']);

const isInitialism = (word: string) =>
  word.length <= 4 && !/[aeiou]|.y/i.test(word) && !ABBREVIATION_WORDS.has(word.toLowerCase());

const caseWord = (word: string, isFirst: boolean): string => {
  const upper = word.toUpperCase();
  const lower = word.toLowerCase();
  if (SPECIAL_CASE[lower]) return SPECIAL_CASE[lower];
  if (UPPERCASE_TOKENS.has(upper) || word.length === 1 || isInitialism(word)) return upper;
  if (!isFirst && LOWERCASE_TOKENS.has(lower)) return lower;
  return upper.charAt(0) + lower.slice(1);
};

/**
 * A readable form of a name written in capitals ("QUANZHOU XINXING FOOTWEAR CO., LTD" →
 * "Quanzhou Xinxing Footwear Co., Ltd"); a name that already has lower-case letters is kept.
 */
export const toReadableName = (name: string): string => {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (/\p{Ll}/u.test(trimmed)) return trimmed;
  let isFirst = true;
  return trimmed.replace(/[\p{L}']+/gu, (word, offset: number) => {
    // Ordinal suffixes after a number: "1ST" → "1st".
    const cased = /\d/.test(trimmed.charAt(offset - 1))
      ? word.toLowerCase()
      : caseWord(word, isFirst);
    isFirst = false;
    return cased;
  });
};
