import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { MoneySchema } from '../common/money';
import { textSchema } from '../common/validation';
import { SampleStockSchema } from './item';
import { ValueSourceSchema } from './supplier';
import { FileIdSchema, SupplierImageSchema } from './supplier-profile';

/**
 * Issue 10: a supplier adds, edits and removes the items of its catalogue (spec §3 catalog
 * items) in the supplier workspace. Every value it sets has source `supplier`.
 */

/** At most this many items per supplier. */
export const MAX_SUPPLIER_ITEMS = 200;

/** The kinds a supplier lists itself (the sourcing home tabs). */
export const SupplierItemKindSchema = z.enum(['PRODUCT', 'PACKAGING', 'SERVICES']);
export type SupplierItemKind = z.infer<typeof SupplierItemKindSchema>;

const ItemIdSchema = z.string().regex(/^itm_[a-z0-9]+$/, 'Not a catalog item id.');

/**
 * An item as the supplier writes it. Units: `price` is the unit price at the MOQ in integer
 * minor units of USD; `moq` in units (null: custom). `categoryId` is a category of
 * GET /api/web/catalog-categories (null: none).
 */
export const SupplierItemInputSchema = z.object({
  kind: SupplierItemKindSchema,
  title: textSchema(120).pipe(z.string().min(3, 'A title has at least 3 characters.')),
  description: textSchema(2000),
  categoryId: z.number('Choose a category.').int().positive().nullable(),
  moq: z
    .number('Enter a number of units.')
    .int('Use whole units.')
    .min(1, 'The MOQ is at least 1 unit.')
    .max(10_000_000, 'At most 10,000,000 units.')
    .nullable(),
  price: MoneySchema.extend({
    amount: z
      .number('Enter a price.')
      .int('Use whole cents.')
      .min(1, 'A price is at least $0.01.')
      .max(100_000_000, 'At most $1,000,000.'),
    currencyCode: z.literal('USD', 'Prices are in USD.'),
  }),
  imageFileId: FileIdSchema.nullable(),
  /** Spec §4 stock of samples; a new item without it is IN_STOCK, an edit without it keeps it. */
  sampleStock: SampleStockSchema.optional(),
});
export type SupplierItemInput = z.infer<typeof SupplierItemInputSchema>;

export const UpdateSupplierItemInputSchema = SupplierItemInputSchema.partial();
export type UpdateSupplierItemInput = z.infer<typeof UpdateSupplierItemInputSchema>;

/** One item of the signed-in supplier's catalogue. */
export const SupplierItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  categoryId: z.number().int().nullable(),
  /** "Apparel & Accessories > Clothing > Shirts & Tops", or null. */
  categoryPath: z.string().nullable(),
  moq: z.number().int().nullable(),
  price: MoneySchema,
  sampleStock: SampleStockSchema,
  image: SupplierImageSchema.nullable(),
  fieldSources: z.record(z.string(), ValueSourceSchema),
  updatedAt: z.iso.datetime(),
});
export type SupplierItem = z.infer<typeof SupplierItemSchema>;

export const listOwnSupplierItems = defineEndpoint({
  method: 'GET',
  path: '/api/partner/catalog-items',
  auth: 'supplier',
  response: z.object({ items: z.array(SupplierItemSchema) }),
  summary: 'Issue 10: the signed-in supplier’s catalogue items, newest first.',
  tags: ['partner'],
});

/**
 * 400 with `details` for a bad value, 400 `category_not_found` or `profile_image_invalid` (field
 * in `details`), 409 `item_limit_reached` past MAX_SUPPLIER_ITEMS.
 */
export const createOwnSupplierItem = defineEndpoint({
  method: 'POST',
  path: '/api/partner/catalog-items',
  auth: 'supplier',
  body: SupplierItemInputSchema,
  response: SupplierItemSchema,
  successStatus: 201,
  summary: 'Issue 10: add an item to the signed-in supplier’s catalogue.',
  tags: ['partner'],
});

/** Like create; 404 `item_not_found` for an item of another supplier. */
export const updateOwnSupplierItem = defineEndpoint({
  method: 'PATCH',
  path: '/api/partner/catalog-items/:id',
  auth: 'supplier',
  params: z.object({ id: ItemIdSchema }),
  body: UpdateSupplierItemInputSchema,
  response: SupplierItemSchema,
  summary: 'Issue 10: change fields of one of the signed-in supplier’s items.',
  tags: ['partner'],
});

/** 404 `item_not_found` for an item of another supplier. */
export const deleteOwnSupplierItem = defineEndpoint({
  method: 'DELETE',
  path: '/api/partner/catalog-items/:id',
  auth: 'supplier',
  params: z.object({ id: ItemIdSchema }),
  response: z.object({ ok: z.literal(true) }),
  summary: 'Issue 10: remove one of the signed-in supplier’s items from the catalogue.',
  tags: ['partner'],
});
