import { formatMoney, type Money } from '@atelier/contract/common/money';

/** Spec §9 "custom quote": a supplier without a fixed sample price quotes case by case. */
export const formatSamplePrice = (price: Money | null): string =>
  price === null ? 'Custom quote' : formatMoney(price);

const units = new Intl.NumberFormat('en-US');

/** Minimum order quantity; null means the supplier agrees it per order (spec §9 "custom"). */
export const formatMoq = (moq: number | null): string =>
  moq === null ? 'Custom' : `${units.format(moq)} unit${moq === 1 ? '' : 's'}`;

export const formatUnits = (count: number): string => units.format(count);

/** Production time in days: "1 day", "113 days". */
export const formatProductionTime = (days: number): string =>
  `${units.format(days)} day${days === 1 ? '' : 's'}`;

/** Average stars with one decimal: 4 → "4.0". */
export const formatRating = (rating: number): string => rating.toFixed(1);

export const formatReviewCount = (count: number): string =>
  count === 0 ? 'No reviews yet' : `${units.format(count)} review${count === 1 ? '' : 's'}`;

/** The flag emoji of an ISO 3166-1 alpha-2 code ("CN" → 🇨🇳); empty for anything else. */
export const flagEmoji = (countryCode: string): string => {
  const code = countryCode.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
};

/** The flag and a space where the browser can draw flags, else nothing (see flag-support). */
export const flagPrefix = (countryCode: string, canShowFlags: boolean): string => {
  const flag = canShowFlags ? flagEmoji(countryCode) : '';
  return flag ? `${flag} ` : '';
};

/** An OpenStreetMap link centred on a place, with a marker, at street-level zoom 12. */
export const openStreetMapUrl = (latitude: number, longitude: number): string => {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=12/${lat}/${lon}`;
};
