import type { z } from 'zod';
import {
  DEFAULT_OPTION_NAME,
  DEFAULT_OPTION_VALUE,
  MAX_PRODUCT_OPTIONS,
  ProductInputSchema,
  type ProductInput,
  type ProductStatus,
} from '@atelier/contract/sales/product';
import type { ProductImportLayout } from '@atelier/contract/sales/product-import';
import { hasNonUtf8, NON_UTF8_MESSAGE } from './import-records';
import { toMinorUnits, type RowIssue } from './order-lines-csv';

/**
 * Shopify's product CSV (issue 11, docs/import-products.md), its headers exactly: one row per
 * variant, the product's own fields on its handle's first row, image-only rows after them. This
 * module turns rows into products; it writes nothing.
 */

/** What a column of a product file can say. */
export type ProductField =
  | 'handle'
  | 'title'
  | 'description'
  | 'vendor'
  | 'category'
  | 'productType'
  | 'tags'
  | 'published'
  | 'option1Name'
  | 'option1Value'
  | 'option2Name'
  | 'option2Value'
  | 'option3Name'
  | 'option3Value'
  | 'sku'
  | 'grams'
  | 'inventoryTracker'
  | 'price'
  | 'compareAtPrice'
  | 'barcode'
  | 'imageSrc'
  | 'imagePosition'
  | 'imageAlt'
  | 'variantImage'
  | 'status';

/** Shopify's product CSV headers of the fields Atelier reads (the others are not imported). */
export const SHOPIFY_PRODUCT_COLUMNS: Record<ProductField, string> = {
  handle: 'Handle',
  title: 'Title',
  description: 'Body (HTML)',
  vendor: 'Vendor',
  category: 'Product Category',
  productType: 'Type',
  tags: 'Tags',
  published: 'Published',
  option1Name: 'Option1 Name',
  option1Value: 'Option1 Value',
  option2Name: 'Option2 Name',
  option2Value: 'Option2 Value',
  option3Name: 'Option3 Name',
  option3Value: 'Option3 Value',
  sku: 'Variant SKU',
  grams: 'Variant Grams',
  inventoryTracker: 'Variant Inventory Tracker',
  price: 'Variant Price',
  compareAtPrice: 'Variant Compare At Price',
  barcode: 'Variant Barcode',
  imageSrc: 'Image Src',
  imagePosition: 'Image Position',
  imageAlt: 'Image Alt Text',
  variantImage: 'Variant Image',
  status: 'Status',
};
const REQUIRED: readonly ProductField[] = ['handle', 'title', 'price'];

export type ProductColumnIndex = Partial<Record<ProductField, number>>;

/**
 * The layout the header fits, with the index of each known column; an issue on row 1 naming
 * what is missing when it fits none.
 */
export const detectProductLayout = (
  header: readonly string[],
): { layout: ProductImportLayout; index: ProductColumnIndex } | RowIssue => {
  const names = header.map((name) => name.replace(/^\uFEFF/, '').trim());
  const lower = names.map((name) => name.toLowerCase());
  const index: ProductColumnIndex = {};
  for (const [field, column] of Object.entries(SHOPIFY_PRODUCT_COLUMNS) as [
    ProductField,
    string,
  ][]) {
    const at = lower.indexOf(column.toLowerCase());
    if (at >= 0) index[field] = at;
  }
  if (REQUIRED.every((field) => index[field] !== undefined)) {
    return { layout: 'shopify-products', index };
  }
  const separator =
    names.length === 1 ? [';', '\t', '|'].find((c) => names[0]!.includes(c)) : undefined;
  if (separator) {
    const shown = separator === '\t' ? 'tabs' : `"${separator}"`;
    return {
      row: 1,
      field: 'header',
      message: `The columns are separated by ${shown}: save the file as CSV with commas (in a spreadsheet, "Comma-separated values").`,
    };
  }
  return {
    row: 1,
    field: 'header',
    message: `Not a product file this import reads: the header needs Shopify's product CSV columns Handle, Title and Variant Price (with Option1 Name, Variant SKU, Image Src…); it has ${names.slice(0, 12).join(', ') || 'nothing'}.`,
  };
};

/** A variant row of the file, its cells as written. */
type FileVariant = {
  row: number;
  optionValues: string[];
  sku: string;
  barcode: string;
  price: string;
  compareAtPrice: string;
  grams: string;
  tracker: string;
};

/** A product as the file gives it: its handle's rows put together. */
export type ImportedProduct = {
  handle: string;
  /** Its first row. */
  row: number;
  /** The product's own fields, from its first row. */
  title: string;
  description: string;
  vendor: string;
  productType: string;
  tags: string;
  category: string;
  published: string;
  status: string;
  optionNames: string[];
  /** The option names' row (the first row that names one). */
  optionRow: number;
  variants: FileVariant[];
  images: { row: number; url: string; position: number | null; alt: string }[];
  /** Problems of its rows found while reading them. */
  issues: RowIssue[];
};

/** Reads data rows into the products (handles) they belong to. */
export const createProductRowsReader = (index: ProductColumnIndex) => {
  const cell = (record: readonly string[], field: ProductField): string => {
    const at = index[field];
    return at === undefined ? '' : (record[at] ?? '').trim();
  };

  /**
   * Adds a row to `product` (its handle's product so far), or starts a product when there is
   * none. Returns the product the row belongs to, or an issue when the row has no handle.
   */
  const readRow = (
    record: readonly string[],
    row: number,
    product: ImportedProduct | undefined,
  ): ImportedProduct | RowIssue => {
    const handle = cell(record, 'handle');
    if (handle === '') return { row, field: 'Handle', message: 'is empty' };
    const current: ImportedProduct = product ?? {
      handle,
      row,
      title: cell(record, 'title'),
      description: cell(record, 'description'),
      vendor: cell(record, 'vendor'),
      productType: cell(record, 'productType'),
      tags: cell(record, 'tags'),
      category: cell(record, 'category'),
      published: cell(record, 'published'),
      status: cell(record, 'status'),
      optionNames: [],
      optionRow: row,
      variants: [],
      images: [],
      issues: [],
    };
    if (hasNonUtf8(record)) current.issues.push({ row, field: 'file', message: NON_UTF8_MESSAGE });
    if (handle.length > 255) {
      current.issues.push({ row, field: 'Handle', message: 'has more than 255 characters' });
    }
    const names = (['option1Name', 'option2Name', 'option3Name'] as const).map((field) =>
      cell(record, field),
    );
    if (current.optionNames.length === 0 && names.some((name) => name !== '')) {
      current.optionNames = names;
      current.optionRow = row;
    }
    const values = (['option1Value', 'option2Value', 'option3Value'] as const).map((field) =>
      cell(record, field),
    );
    const isVariant =
      values.some((value) => value !== '') ||
      cell(record, 'sku') !== '' ||
      cell(record, 'price') !== '';
    if (isVariant) {
      current.variants.push({
        row,
        optionValues: values,
        sku: cell(record, 'sku'),
        barcode: cell(record, 'barcode'),
        price: cell(record, 'price'),
        compareAtPrice: cell(record, 'compareAtPrice'),
        grams: cell(record, 'grams'),
        tracker: cell(record, 'inventoryTracker'),
      });
    }
    const src = cell(record, 'imageSrc');
    if (src !== '') {
      const positionText = cell(record, 'imagePosition');
      const position = /^\d{1,4}$/.test(positionText) ? Number(positionText) : null;
      if (positionText !== '' && position === null) {
        current.issues.push({ row, field: 'Image Position', message: 'is not a whole number' });
      }
      current.images.push({ row, url: src, position, alt: cell(record, 'imageAlt') });
    }
    const variantImage = cell(record, 'variantImage');
    if (variantImage !== '' && !current.images.some((image) => image.url === variantImage)) {
      current.images.push({ row, url: variantImage, position: null, alt: '' });
    }
    if (!isVariant && src === '' && variantImage === '' && product) {
      // A row that adds nothing (Shopify writes none): said, so nothing is dropped unseen.
      current.issues.push({
        row,
        field: 'Handle',
        message: 'has neither a variant (Option1 Value, Variant SKU, Variant Price) nor an image',
      });
    }
    return current;
  };

  return { readRow, handleOf: (record: readonly string[]) => cell(record, 'handle') };
};

/** Shopify's `Status`: active, draft or archived. Draft and archived products are kept out of sale. */
const STATUS_WORDS: Record<string, ProductStatus> = {
  active: 'ACTIVE',
  draft: 'ARCHIVED',
  archived: 'ARCHIVED',
};

const ISSUE_COLUMNS: Record<string, string> = {
  title: 'Title',
  description: 'Body (HTML)',
  vendor: 'Vendor',
  productType: 'Type',
  tags: 'Tags',
  variants: 'Variant Price',
  options: 'Option1 Name',
};
const VARIANT_COLUMNS: Record<string, string> = {
  sku: 'Variant SKU',
  barcode: 'Variant Barcode',
  priceAmount: 'Variant Price',
  compareAtPriceAmount: 'Variant Compare At Price',
  weightGrams: 'Variant Grams',
  optionValues: 'Option1 Value',
};

/**
 * A file product as Atelier's product (`ProductInput`, checked by the contract's schema), its
 * status and its problems by row and column. Prices are read in `currencyCode`; the category
 * is found by its Google taxonomy path (or the nearest parent the taxonomy has); a product whose
 * only option is Title = Default Title has none.
 */
export const toProductInput = (
  product: ImportedProduct,
  currencyCode: string,
  categoryIdOf: (text: string) => number | null,
): {
  input: z.output<typeof ProductInputSchema> | null;
  status: ProductStatus;
  issues: RowIssue[];
} => {
  const issues = [...product.issues];
  const status = STATUS_WORDS[product.status.toLowerCase()] ?? 'ACTIVE';
  if (product.status !== '' && STATUS_WORDS[product.status.toLowerCase()] === undefined) {
    issues.push({
      row: product.row,
      field: 'Status',
      message: `"${product.status}" is not one of active, draft, archived`,
    });
  }
  if (product.title === '') issues.push({ row: product.row, field: 'Title', message: 'is empty' });
  if (product.variants.length === 0) {
    issues.push({
      row: product.row,
      field: 'Variant Price',
      message: `The product ${product.handle} has no variant row (one with a Variant Price).`,
    });
  }

  const optionCount = Math.max(
    product.optionNames.filter((name) => name !== '').length,
    // A value without its option's name still counts: the name is then said to be missing.
    ...product.variants.map((variant) =>
      variant.optionValues.reduce((count, value, at) => (value !== '' ? at + 1 : count), 0),
    ),
    0,
  );
  const names = product.optionNames.slice(0, Math.min(optionCount, MAX_PRODUCT_OPTIONS));
  const isDefaultOnly =
    names.length === 1 &&
    names[0] === DEFAULT_OPTION_NAME &&
    product.variants.every((variant) => variant.optionValues[0] === DEFAULT_OPTION_VALUE);
  const options = isDefaultOnly
    ? []
    : names.map((name, position) => ({
        name,
        values: [
          ...new Set(product.variants.map((variant) => variant.optionValues[position] ?? '')),
        ],
      }));

  const money = (variant: FileVariant, field: 'price' | 'compareAtPrice', column: string) => {
    const text = variant[field];
    if (text === '') return null;
    const value = toMinorUnits(text, currencyCode);
    if (value === undefined || value < 0) {
      issues.push({
        row: variant.row,
        field: column,
        message: `"${text}" is not a price such as 25.00`,
      });
      return null;
    }
    return value;
  };
  const variants = product.variants.map((variant) => {
    const price = money(variant, 'price', 'Variant Price');
    if (variant.price === '') {
      issues.push({ row: variant.row, field: 'Variant Price', message: 'is empty' });
    }
    const grams = variant.grams === '' ? null : Number(variant.grams);
    if (grams !== null && (!Number.isFinite(grams) || grams < 0)) {
      issues.push({
        row: variant.row,
        field: 'Variant Grams',
        message: `"${variant.grams}" is not a weight in grams`,
      });
    }
    return {
      optionValues: isDefaultOnly ? [] : variant.optionValues.slice(0, options.length),
      sku: variant.sku || null,
      barcode: variant.barcode || null,
      priceAmount: price ?? 0,
      compareAtPriceAmount: money(variant, 'compareAtPrice', 'Variant Compare At Price'),
      weightGrams: grams !== null && Number.isFinite(grams) ? Math.round(grams) : null,
      tracked: variant.tracker !== '',
    };
  });
  const images = [...product.images]
    .sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity))
    .filter((image, at, all) => all.findIndex((other) => other.url === image.url) === at);

  const candidate: ProductInput = {
    title: product.title,
    description: product.description || null,
    vendor: product.vendor || null,
    productType: product.productType || null,
    tags: [
      ...new Set(
        product.tags
          .split(',')
          .map((tag) => tag.trim())
          .filter((tag) => tag !== ''),
      ),
    ],
    categoryId: product.category ? categoryIdOf(product.category) : null,
    currencyCode,
    options,
    images: images.map((image) => ({ url: image.url, alt: image.alt || null })),
    variants,
  };
  const parsed = ProductInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, position, key] = issue.path;
      if (first === 'variants' && typeof position === 'number') {
        const variant = product.variants[position];
        issues.push({
          row: variant?.row ?? product.row,
          field: (typeof key === 'string' && VARIANT_COLUMNS[key]) || 'Variant Price',
          message: issue.message,
        });
      } else if (first === 'images' && typeof position === 'number') {
        issues.push({
          row: images[position]?.row ?? product.row,
          field: 'Image Src',
          message: issue.message,
        });
      } else if (first === 'options' && typeof position === 'number') {
        issues.push({
          row: product.optionRow,
          field: `Option${position + 1} ${key === 'values' ? 'Value' : 'Name'}`,
          message: issue.message,
        });
      } else {
        issues.push({
          row: product.row,
          field: ISSUE_COLUMNS[String(first)] ?? 'Handle',
          message: issue.message,
        });
      }
    }
  }
  // Problems said once each (a price that is not one is also the schema's "too small" at times).
  const unique = issues.filter(
    (issue, at) =>
      issues.findIndex((other) => other.row === issue.row && other.field === issue.field) === at,
  );
  return {
    input: unique.length === 0 && parsed.success ? parsed.data : null,
    status,
    issues: unique,
  };
};
