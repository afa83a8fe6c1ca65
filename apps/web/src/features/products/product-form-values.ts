import type { z } from 'zod';
import {
  MAX_PRODUCT_VARIANTS,
  type Product,
  type ProductInput,
  type ProductInputSchema,
} from '@atelier/contract/sales/product';

/** One row of the editor's variants table; `priceAmount` is NaN while the price is blank. */
export type VariantFormValues = {
  optionValues: string[];
  sku: string | null;
  barcode: string | null;
  priceAmount: number;
  compareAtPriceAmount: number | null;
  weightGrams: number | null;
  tracked: boolean;
};

export type OptionFormValues = { name: string; values: string[] };

/**
 * The product editor's values: the contract's input as it is (the resolver takes no other
 * shape), so a field with a default may be missing.
 */
export type ProductFormValues = ProductInput;
type VariantInput = ProductInput['variants'][number];

/** The editor's values once the contract's schema has checked them. */
export type ProductFormOutput = z.output<typeof ProductInputSchema>;

export const aBlankVariant = (optionValues: string[] = []): VariantFormValues => ({
  optionValues,
  sku: null,
  barcode: null,
  priceAmount: Number.NaN,
  compareAtPriceAmount: null,
  weightGrams: null,
  tracked: true,
});

/** A new product: no options, so exactly one variant. */
export const EMPTY_PRODUCT: ProductFormValues = {
  title: '',
  description: null,
  vendor: null,
  productType: null,
  tags: [],
  categoryId: null,
  currencyCode: 'USD',
  options: [],
  images: [],
  variants: [aBlankVariant()],
};

export const toFormValues = (product: Product): ProductFormValues => ({
  title: product.title,
  description: product.description,
  vendor: product.vendor,
  productType: product.productType,
  tags: product.tags,
  categoryId: product.category?.id ?? null,
  currencyCode: product.currencyCode,
  options: product.options.map((option) => ({ name: option.name, values: option.values })),
  images: product.images.map((image) => ({ url: image.url, alt: image.alt })),
  variants: product.variants.map((variant) => ({
    optionValues: variant.optionValues,
    sku: variant.sku,
    barcode: variant.barcode,
    priceAmount: variant.price.amount,
    compareAtPriceAmount: variant.compareAtPrice?.amount ?? null,
    weightGrams: variant.weightGrams,
    tracked: variant.tracked,
  })),
});

const blankToNull = (text: string | null): string | null => (text ? text : null);

/** The request body of a checked form: an emptied text field is sent as null, not "". */
export const toProductBody = (values: ProductFormOutput): ProductInput => ({
  ...values,
  description: blankToNull(values.description),
  vendor: blankToNull(values.vendor),
  productType: blankToNull(values.productType),
  images: values.images.map((image) => ({ ...image, alt: blankToNull(image.alt) })),
  variants: values.variants.map((variant) => ({
    ...variant,
    sku: blankToNull(variant.sku),
    barcode: blankToNull(variant.barcode),
  })),
});

/** How many variants the options make: the product of their value counts (1 without options). */
export const countCombinations = (options: readonly OptionFormValues[]): number =>
  options.reduce((count, option) => count * option.values.length, 1);

/** Every combination of the options' values, in the options' order (`[[]]` without options). */
export const combinationsOf = (options: readonly OptionFormValues[]): string[][] =>
  options.reduce<string[][]>(
    (combinations, option) =>
      combinations.flatMap((combination) => option.values.map((value) => [...combination, value])),
    [[]],
  );

const isSameCombination = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** Whether a variant's values are no combination of the options any more (an option changed). */
export const isStaleVariant = (
  { optionValues = [] }: Pick<VariantInput, 'optionValues'>,
  options: readonly OptionFormValues[],
): boolean =>
  optionValues.length !== options.length ||
  optionValues.some((value, index) => !options[index]?.values.includes(value));

export type GenerateCheck =
  { canGenerate: true; count: number } | { canGenerate: false; count: number; reason: string };

/** Whether "Generate variants" can build the options' combinations, and how many there are. */
export const checkGenerate = (options: readonly OptionFormValues[]): GenerateCheck => {
  const count = countCombinations(options);
  if (options.some((option) => option.name.trim() === '' || option.values.length === 0)) {
    return { canGenerate: false, count, reason: 'Name every option and give it a value first.' };
  }
  if (count > MAX_PRODUCT_VARIANTS) {
    return {
      canGenerate: false,
      count,
      reason: `These options make ${count.toLocaleString('en-US')} variants; a product has at most ${MAX_PRODUCT_VARIANTS}.`,
    };
  }
  return { canGenerate: true, count };
};

/**
 * One variant per combination of the options' values. A row whose values are unchanged is kept
 * as it is; a new combination starts from the price, weight and tracking of a row it extends
 * (Sage → Sage / M) or else of the first row, with no SKU or barcode, which must stay unique.
 */
export const generateVariants = (
  options: readonly OptionFormValues[],
  variants: readonly VariantInput[],
): VariantInput[] =>
  combinationsOf(options).map((combination) => {
    const same = variants.find((variant) =>
      isSameCombination(variant.optionValues ?? [], combination),
    );
    if (same) return same;
    const template =
      variants.find((variant) =>
        (variant.optionValues ?? []).every((value) => combination.includes(value)),
      ) ?? variants[0];
    return {
      ...aBlankVariant(combination),
      priceAmount: template?.priceAmount ?? Number.NaN,
      compareAtPriceAmount: template?.compareAtPriceAmount ?? null,
      weightGrams: template?.weightGrams ?? null,
      tracked: template?.tracked ?? true,
    };
  });

const VARIANT_FIELDS = [
  'optionValues',
  'sku',
  'barcode',
  'priceAmount',
  'compareAtPriceAmount',
  'weightGrams',
  'tracked',
] as const;

/** Every field of the form a server error may name (`body.variants.2.sku` → `variants.2.sku`). */
export const formFieldsOf = (values: ProductFormValues) =>
  [
    'title',
    'description',
    'vendor',
    'productType',
    'tags',
    'categoryId',
    'currencyCode',
    'options',
    'images',
    'variants',
    ...(values.options ?? []).flatMap(
      (_option, index) => [`options.${index}.name`, `options.${index}.values`] as const,
    ),
    ...(values.images ?? []).flatMap(
      (_image, index) => [`images.${index}.url`, `images.${index}.alt`] as const,
    ),
    ...values.variants.flatMap((_variant, index) =>
      VARIANT_FIELDS.map((field) => `variants.${index}.${field}` as const),
    ),
  ] as const;

/** A field error's message, or the first one among an array field's items (`tags.2`). */
export const firstErrorMessage = (error: unknown): string | undefined => {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  if (!Array.isArray(error)) return undefined;
  for (const item of error as unknown[]) {
    const message = firstErrorMessage(item);
    if (message) return message;
  }
  return undefined;
};
