/**
 * The fulfillment center's serial numbers: a prefix and six digits or more, `RCV-000012` for the
 * receiving numbered 12 (RCV receivings, SHP shipments, RET returns, KIT kitting requests, FRT
 * freight, QC quality checks, TKT support tickets). Stores see these; the number is per store.
 */
export const snOf = (prefix: string, number: number) =>
  `${prefix}-${String(number).padStart(6, '0')}`;

/** The number of a serial number with this prefix (letter case and spaces ignored), or null. */
export const numberOfSn = (prefix: string, sn: string): number | null => {
  const match = new RegExp(`^${prefix}-(\\d{1,15})$`, 'i').exec(sn.trim());
  const number = match ? Number(match[1]) : null;
  return number !== null && Number.isSafeInteger(number) ? number : null;
};
