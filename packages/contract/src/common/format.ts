/**
 * Spec §9: numbers are abbreviated with k above 1000 and m above 1,000,000.
 * 999 → "999", 1000 → "1000", 1001 → "1k", 1500 → "1.5k", 2,500,000 → "2.5m".
 * One decimal at most, trailing ".0" dropped; negative numbers keep their sign.
 */
export const abbreviateNumber = (value: number): string => {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const trim = (n: number) => (Math.floor(n * 10) / 10).toFixed(1).replace(/\.0$/, '');
  if (abs > 1_000_000) return `${sign}${trim(abs / 1_000_000)}m`;
  if (abs > 1000) return `${sign}${trim(abs / 1000)}k`;
  return `${sign}${abs}`;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;

/**
 * Spec §9: a time within the last day is shown relative ("just now", "5 minutes ago",
 * "3 hours ago"); an older one as date with time ("Mar 4, 2:05 PM"), with the year when it is
 * over a year old ("Mar 4, 2024, 2:05 PM"). `now` is injectable for tests. Times in the future
 * (clock skew) read "just now".
 */
export const formatRelativeTime = (
  time: Date | string | number,
  now: Date = new Date(),
  timeZone?: string,
): string => {
  const date = new Date(time);
  const ageMs = now.getTime() - date.getTime();
  if (ageMs < 60_000) return 'just now';
  if (ageMs < DAY_MS) {
    const minutes = Math.floor(ageMs / 60_000);
    if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
    const hours = Math.floor(minutes / 60);
    return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  }
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  };
  if (ageMs > YEAR_MS) options.year = 'numeric';
  return new Intl.DateTimeFormat('en-US', options).format(date);
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/**
 * The English name of an ISO 3166-1 alpha-2 country code ("GB" → "United Kingdom"); a code that
 * is not one (or that this runtime does not know) is given back as it is.
 */
export const countryNameOf = (countryCode: string): string => {
  if (!/^[A-Z]{2}$/i.test(countryCode)) return countryCode;
  try {
    return regionNames.of(countryCode.toUpperCase()) ?? countryCode;
  } catch {
    return countryCode;
  }
};
