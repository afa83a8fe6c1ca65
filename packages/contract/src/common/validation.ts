import { z } from 'zod';

/**
 * Spec §5 e-mail pattern: the standard local@domain form, one `@`, no spaces, a dot in the
 * domain, and labels that neither start nor end with a dot.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);

export const EmailSchema = z
  .string()
  .trim()
  .max(254, 'An e-mail address has at most 254 characters.')
  .refine(isEmail, 'Enter an e-mail address of the form name@example.com.')
  .transform((value) => value.toLowerCase());

/**
 * Spec §5 link check: only http, https, ftp or protocol-relative (`//host/...`) addresses with
 * a host; mailto and every other scheme are refused.
 */
export const isValidLink = (value: string): boolean => {
  const trimmed = value.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return false;
  const absolute = trimmed.startsWith('//') ? `http:${trimmed}` : trimmed;
  const match = /^(https?|ftp):\/\/([^/?#]+)/i.exec(absolute);
  if (!match) return false;
  try {
    const url = new URL(absolute);
    return url.hostname.length > 0;
  } catch {
    return false;
  }
};

export const LinkSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(isValidLink, 'Enter a link that starts with http://, https:// or ftp://.');

// NUL and other control characters (tab and line breaks allowed) never belong in user text, and
// PostgreSQL refuses NUL outright.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** User text up to `max` characters, trimmed, without control characters. */
export const textSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'Remove control characters from the text.');

/** An id in a path or body: letters, digits, `_` and `-`, at most 64 characters. */
export const IdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id.');

/** The trimmed, non-blank parts of a comma-separated value, or of a parameter given repeatedly. */
export const splitCsv = (value: string | readonly string[]): string[] =>
  (typeof value === 'string' ? value.split(',') : value)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

/** A query or path value listing `item`s, comma-separated or repeated; at most `max` of them. */
export const csv = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform(splitCsv)
    .pipe(z.array(item).max(max, `At most ${max} values.`));

/**
 * The entries of a comma-separated value that `item` accepts, each once and in order, at most
 * `max`; the others are dropped. For addresses, where one bad entry must not fail the page.
 */
export const parseCsvLoosely = <T>(
  value: string | readonly string[],
  item: z.ZodType<T, string>,
  max: number,
): T[] => {
  const values = splitCsv(value).flatMap((part) => {
    const result = item.safeParse(part);
    return result.success ? [result.data] : [];
  });
  return [...new Set(values)].slice(0, max);
};
