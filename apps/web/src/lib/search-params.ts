/**
 * Readers for the query parameters a route's `validateSearch` keeps (issue 10). Route files are
 * part of the app's first page, which loads no Zod: its core is shared with the contract's
 * schemas, so even Zod Mini would bring all of it (~25 KB gzip) to every first visit. Each reader
 * takes one raw value and never throws: a missing or malformed value is `undefined`, so the page
 * shows its default instead of failing. The router has already parsed each value as JSON when it
 * could (`?vertical=166` arrives as the number 166, `?countryCodes=CN,US` as a string).
 */

/** A string parameter; other types, a longer text or one not matching `pattern` are dropped. */
export const readText = (
  value: unknown,
  options: { maxLength?: number; pattern?: RegExp } = {},
): string | undefined => {
  if (typeof value !== 'string') return undefined;
  if (options.maxLength !== undefined && value.length > options.maxLength) return undefined;
  if (options.pattern && !options.pattern.test(value)) return undefined;
  return value;
};

/** One of `choices`, exactly as written there. */
export const readChoice = <const T extends readonly string[]>(
  value: unknown,
  choices: T,
): T[number] | undefined =>
  typeof value === 'string' && (choices as readonly string[]).includes(value) ? value : undefined;

/** An integer in [min, max], written as a number or as digits (`"204"` reads as 204). */
export const readInteger = (
  value: unknown,
  range: { min: number; max: number },
): number | undefined => {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim()
        ? Number(value)
        : NaN;
  return Number.isInteger(number) && number >= range.min && number <= range.max
    ? number
    : undefined;
};

/**
 * A route's `validateSearch` result with every parameter it knows named, `undefined` when it is
 * missing or malformed. The router lays a route's validated search over its parents' search, and
 * the root keeps the raw query: a parameter left out of the result would keep its raw, unchecked
 * value (`/browse-suppliers?moq=1e9` reached the page as "1e9" and broke it). An `undefined`
 * parameter is left out of the address.
 */
export const knownParams = <T extends Record<string, unknown>>(params: {
  [K in keyof Required<T>]: T[K] | undefined;
}): T => params as T;
