/**
 * Issue 11 products and variants (Shopify's model): the words and rules a page needs without
 * the schemas (issue 10's first-page rule). `product.ts` builds the schemas on these.
 */

/** A product is on sale (ACTIVE) or kept out of lists and channels (ARCHIVED). */
export const PRODUCT_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  ACTIVE: 'Active',
  ARCHIVED: 'Archived',
};

/** Options per product and variants per product (Shopify's limits). */
export const MAX_PRODUCT_OPTIONS = 3;
export const MAX_PRODUCT_VARIANTS = 100;

/** The option and value Shopify gives a product without options. */
export const DEFAULT_OPTION_NAME = 'Title';
export const DEFAULT_OPTION_VALUE = 'Default Title';

/**
 * How a variant's option values read (spec §3): "Black / M"; a product whose only option is
 * Title = Default Title (or that has none) shows a dash.
 */
export const variantTitleOf = (
  options: readonly { name: string }[],
  optionValues: readonly string[],
): string => {
  const isDefault =
    optionValues.length === 0 ||
    (options.length === 1 &&
      options[0]!.name === DEFAULT_OPTION_NAME &&
      optionValues[0] === DEFAULT_OPTION_VALUE);
  return isDefault ? '–' : optionValues.join(' / ');
};

/** One colour of a colour list string: its name, hex code and the variant it stands for. */
export type ColorListItem = { name: string; hex: string | null; variant: string | null };

/**
 * Spec §3: a colour list string is `name|hex|variant` items separated by semicolons
 * ("Black|#000000|BLK;Sand|#C2B280|SND"). Blank items are skipped; a missing or malformed hex
 * (not `#RGB` or `#RRGGBB`) reads as null, and so does a missing variant.
 */
export const parseColorList = (text: string): ColorListItem[] =>
  text
    .split(';')
    .map((item) => item.split('|').map((part) => part.trim()))
    .filter(([name]) => name !== undefined && name !== '')
    .map(([name, hex, variant]) => ({
      name: name!,
      hex: hex && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex) ? hex.toUpperCase() : null,
      variant: variant || null,
    }));
