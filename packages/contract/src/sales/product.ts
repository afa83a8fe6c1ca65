import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { MoneySchema } from '../common/money';
import { textSchema } from '../common/validation';
import { CurrencyCodeSchema } from './order';
import { MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS, PRODUCT_STATUSES } from './product-values';

export * from './product-values';

/**
 * Issue 11 products and variants of a store (Shopify's model): up to three options, each
 * variant a combination of their values with its own SKU (unique per store), barcode, price,
 * compare-at price, weight and tracked flag. /inventory shows them; stock comes with fulfillment.
 * Money in integer minor units of the product's currency.
 */

export const ProductStatusSchema = z.enum(PRODUCT_STATUSES);

const ProductIdParamsSchema = z.object({
  id: z.string().regex(/^prd_[a-z0-9]+$/, 'Not a product id.'),
});

export const ProductOptionSchema = z.object({
  name: textSchema(60).min(1, 'Name the option (Size, Color…).'),
  values: z
    .array(textSchema(100).min(1, 'An option value cannot be empty.'))
    .min(1, 'An option has at least one value.')
    .max(MAX_PRODUCT_VARIANTS),
});
export type ProductOption = z.infer<typeof ProductOptionSchema>;

export const ProductImageSchema = z.object({
  /** An https address or an uploaded file's URL (`/api/files/…`). */
  url: z
    .string()
    .max(2_000)
    .regex(/^(https:\/\/|\/api\/files\/)/, 'An https:// address or an uploaded file.'),
  alt: textSchema(300).nullable().default(null),
});

export const ProductVariantInputSchema = z.object({
  /** One value per option of the product, in the options' order. */
  optionValues: z.array(textSchema(100)).max(MAX_PRODUCT_OPTIONS).default([]),
  sku: textSchema(100).nullable().default(null),
  barcode: textSchema(64).nullable().default(null),
  priceAmount: z.number().int().min(0).max(10_000_000_000),
  compareAtPriceAmount: z.number().int().min(0).max(10_000_000_000).nullable().default(null),
  weightGrams: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
  /** Whether stock is counted for it (fulfillment keeps the numbers). */
  tracked: z.boolean().default(true),
});

/** A product as the store writes it; the variants are the whole list (replaced on update). */
export const ProductInputSchema = z
  .object({
    title: textSchema(255).min(1, 'Give the product a title.'),
    description: textSchema(20_000).nullable().default(null),
    vendor: textSchema(255).nullable().default(null),
    productType: textSchema(255).nullable().default(null),
    tags: z.array(textSchema(60).min(1)).max(250).default([]),
    /** A Google product taxonomy category id (data/google-product-taxonomy). */
    categoryId: z.number().int().positive().nullable().default(null),
    currencyCode: CurrencyCodeSchema.default('USD'),
    options: z.array(ProductOptionSchema).max(MAX_PRODUCT_OPTIONS).default([]),
    images: z.array(ProductImageSchema).max(20).default([]),
    variants: z
      .array(ProductVariantInputSchema)
      .min(1, 'A product has at least one variant.')
      .max(MAX_PRODUCT_VARIANTS),
  })
  .superRefine((product, context) => {
    const names = product.options.map((option) => option.name.toLowerCase());
    names.forEach((name, index) => {
      if (names.indexOf(name) !== index) {
        context.addIssue({
          code: 'custom',
          path: ['options', index, 'name'],
          message: 'Two options have this name.',
        });
      }
    });
    const combinations = new Set<string>();
    const skus = new Set<string>();
    product.variants.forEach((variant, index) => {
      if (variant.optionValues.length !== product.options.length) {
        context.addIssue({
          code: 'custom',
          path: ['variants', index, 'optionValues'],
          message: `Give one value for each of the ${product.options.length} options.`,
        });
        return;
      }
      variant.optionValues.forEach((value, position) => {
        if (!product.options[position]!.values.includes(value)) {
          context.addIssue({
            code: 'custom',
            path: ['variants', index, 'optionValues', position],
            message: `"${value}" is not a value of ${product.options[position]!.name}.`,
          });
        }
      });
      const combination = JSON.stringify(variant.optionValues);
      if (combinations.has(combination)) {
        context.addIssue({
          code: 'custom',
          path: ['variants', index, 'optionValues'],
          message: 'Another variant has the same option values.',
        });
      }
      combinations.add(combination);
      if (variant.sku) {
        if (skus.has(variant.sku)) {
          context.addIssue({
            code: 'custom',
            path: ['variants', index, 'sku'],
            message: 'Another variant has this SKU.',
          });
        }
        skus.add(variant.sku);
      }
    });
  });
export type ProductInput = z.input<typeof ProductInputSchema>;

export const ProductVariantSchema = z.object({
  id: z.string(), // "var_…"
  /** "Black / M", or "–" for a product without options (spec §3). */
  title: z.string(),
  optionValues: z.array(z.string()),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  price: MoneySchema,
  compareAtPrice: MoneySchema.nullable(),
  weightGrams: z.number().int().nullable(),
  tracked: z.boolean(),
});
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

export const ProductCategorySchema = z.object({
  id: z.number().int(),
  /** "Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs". */
  path: z.string(),
});

export const ProductSummarySchema = z.object({
  id: z.string(), // "prd_…"
  title: z.string(),
  vendor: z.string().nullable(),
  productType: z.string().nullable(),
  status: ProductStatusSchema,
  /** The first image, if any. */
  imageUrl: z.string().nullable(),
  variantCount: z.number().int(),
  /** Lowest and highest variant price. */
  minPrice: MoneySchema,
  maxPrice: MoneySchema,
  skus: z.array(z.string()),
  updatedAt: z.iso.datetime(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const ProductSchema = ProductSummarySchema.extend({
  description: z.string().nullable(),
  tags: z.array(z.string()),
  category: ProductCategorySchema.nullable(),
  currencyCode: z.string(),
  options: z.array(ProductOptionSchema),
  images: z.array(z.object({ url: z.string(), alt: z.string().nullable() })),
  variants: z.array(ProductVariantSchema),
  /** Where it came from (`shopify:<shop>`…); null when made here. */
  channel: z.string().nullable(),
  externalId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ListProductsQuerySchema = z.object({
  status: ProductStatusSchema.default('ACTIVE'),
  /** The start of a title word, a vendor, or a variant's exact SKU or barcode. */
  search: textSchema(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListProductsQuery = z.input<typeof ListProductsQuerySchema>;

export const ProductPageSchema = z.object({
  items: z.array(ProductSummarySchema),
  nextCursor: z.string().nullable(),
  /** Products per status for the same search. */
  counts: z.record(ProductStatusSchema, z.number().int()),
});
export type ProductPage = z.infer<typeof ProductPageSchema>;

/** The store's products of a status, most recently changed first, in keyset pages. */
export const listProducts = defineEndpoint({
  method: 'GET',
  path: '/api/web/products',
  query: ListProductsQuerySchema,
  response: ProductPageSchema,
  tags: ['products'],
});

/** One product with its variants. 404 `product_not_found`. */
export const getProduct = defineEndpoint({
  method: 'GET',
  path: '/api/web/products/:id',
  params: ProductIdParamsSchema,
  response: ProductSchema,
  tags: ['products'],
});

/**
 * Creates a product with its variants. 400 naming the field (`body.variants.2.optionValues`…);
 * 409 `sku_taken` (field `body.variants.N.sku`) when another product of the store has the SKU;
 * 400 `unknown_category` for a category id the taxonomy does not have.
 */
export const createProduct = defineEndpoint({
  method: 'POST',
  path: '/api/web/products',
  body: ProductInputSchema,
  response: ProductSchema,
  successStatus: 201,
  tags: ['products'],
});

/**
 * Replaces the product's fields and variants. A variant keeps its id when its option values
 * are unchanged (order lines keep pointing at it). Errors as createProduct, plus 404.
 */
export const updateProduct = defineEndpoint({
  method: 'PUT',
  path: '/api/web/products/:id',
  params: ProductIdParamsSchema,
  body: ProductInputSchema,
  response: ProductSchema,
  tags: ['products'],
});

/** Archives the product (kept, out of the active list); unarchive brings it back. */
export const archiveProduct = defineEndpoint({
  method: 'POST',
  path: '/api/web/products/:id/archive',
  params: ProductIdParamsSchema,
  response: ProductSchema,
  tags: ['products'],
});

export const unarchiveProduct = defineEndpoint({
  method: 'POST',
  path: '/api/web/products/:id/unarchive',
  params: ProductIdParamsSchema,
  response: ProductSchema,
  tags: ['products'],
});

/**
 * The products of a status as a CSV download in Shopify's product CSV layout (`Handle`,
 * `Title`, `Option1 Name`, … `Variant SKU`, `Variant Price`, …; one row per variant).
 */
export const exportProducts = defineEndpoint({
  method: 'GET',
  path: '/api/web/products/export',
  query: ListProductsQuerySchema.pick({ status: true, search: true }),
  response: z.unknown(),
  tags: ['products'],
});
