import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { MoneySchema } from '../common/money';
import { textSchema } from '../common/validation';
import { ValueSourceSchema } from './supplier';

/**
 * Issue 10 "Pictures": a supplier manages its own profile in the supplier workspace
 * (`/partner/profile`). A value the supplier sets replaces the generated demo value and its
 * source becomes `supplier`.
 */

/** At most this many factory photos per supplier. */
export const MAX_SUPPLIER_PHOTOS = 12;
/** At most this many capabilities and certifications each. */
export const MAX_SUPPLIER_TAGS = 20;
/** Extensions a profile image may have: raster images browsers show inline. */
export const SUPPLIER_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;

export const FileIdSchema = z.string().regex(/^fil_[a-z0-9]+$/, 'Not a file id.');

/** A profile image: the uploaded file and where anyone (stores, the public page) reads it. */
export const SupplierImageSchema = z.object({
  fileId: z.string(),
  /** Public URL (no session needed): `/api/app/catalog-companies/:id/images/:fileId`. */
  url: z.string(),
});
export type SupplierImage = z.infer<typeof SupplierImageSchema>;

/** The public URL of one of a supplier's profile images. */
export const supplierImageUrl = (companyId: string, fileId: string): string =>
  `/api/app/catalog-companies/${companyId}/images/${fileId}`;

const tagListSchema = (label: string) =>
  z
    .array(textSchema(60).pipe(z.string().min(1, `Each ${label} needs a name.`)))
    .max(MAX_SUPPLIER_TAGS, `At most ${MAX_SUPPLIER_TAGS} ${label}s.`);

/**
 * The fields a supplier edits (spec §3 catalog company). Units: `samplePrice` in integer minor
 * units of USD (null: custom quote), `moq` and `orderVolume` in units, `productionTimeDays` in
 * days (spec §9 production-time filter buckets are months of 30 days).
 */
export const SupplierProfileFieldsSchema = z.object({
  description: textSchema(2000).pipe(
    z.string().min(20, 'Describe the company in at least 20 characters.'),
  ),
  capabilities: tagListSchema('capability'),
  certifications: tagListSchema('certification'),
  samplePrice: MoneySchema.extend({
    amount: z
      .number('Enter a price.')
      .int('Use whole cents.')
      .min(0, 'A price cannot be negative.')
      .max(100_000_000, 'At most $1,000,000.'),
    currencyCode: z.literal('USD', 'Sample prices are in USD.'),
  }).nullable(),
  moq: z
    .number('Enter a number of units.')
    .int('Use whole units.')
    .min(1, 'The MOQ is at least 1 unit.')
    .max(10_000_000, 'At most 10,000,000 units.')
    .nullable(),
  productionTimeDays: z
    .number('Enter a number of days.')
    .int('Use whole days.')
    .min(1, 'At least 1 day.')
    .max(365, 'At most 365 days.'),
  orderVolume: z
    .number('Enter a number of units.')
    .int('Use whole units.')
    .min(0, 'Cannot be negative.')
    .max(10_000_000, 'At most 10,000,000 units.'),
  logoFileId: FileIdSchema.nullable(),
  coverFileId: FileIdSchema.nullable(),
  photoFileIds: z
    .array(FileIdSchema)
    .max(MAX_SUPPLIER_PHOTOS, `At most ${MAX_SUPPLIER_PHOTOS} photos.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A photo is listed twice.'),
});
export type SupplierProfileFields = z.infer<typeof SupplierProfileFieldsSchema>;

/** PATCH body: only the fields sent change, and each becomes source `supplier`. */
export const UpdateSupplierProfileInputSchema = SupplierProfileFieldsSchema.partial();
export type UpdateSupplierProfileInput = z.infer<typeof UpdateSupplierProfileInputSchema>;

/** The signed-in supplier's own profile, as it edits it. */
export const SupplierProfileSchema = SupplierProfileFieldsSchema.omit({
  logoFileId: true,
  coverFileId: true,
  photoFileIds: true,
}).extend({
  companyId: z.string(),
  name: z.string(),
  /** Not validated on read: generated descriptions may be short. */
  description: z.string(),
  capabilities: z.array(z.string()),
  certifications: z.array(z.string()),
  samplePrice: MoneySchema.nullable(),
  moq: z.number().int().nullable(),
  productionTimeDays: z.number().int(),
  orderVolume: z.number().int(),
  logo: SupplierImageSchema.nullable(),
  cover: SupplierImageSchema.nullable(),
  photos: z.array(SupplierImageSchema),
  /** Where each value came from; `supplier` once the supplier set it. */
  fieldSources: z.record(z.string(), ValueSourceSchema),
  updatedAt: z.iso.datetime(),
});
export type SupplierProfile = z.infer<typeof SupplierProfileSchema>;

export const getOwnSupplierProfile = defineEndpoint({
  method: 'GET',
  path: '/api/partner/profile',
  auth: 'supplier',
  response: SupplierProfileSchema,
  summary: 'Issue 10: the signed-in supplier’s own profile.',
  tags: ['partner'],
});

/**
 * 400 with `details` for a bad value; 400 `profile_image_invalid` (field in `details`) for a file
 * that is not this supplier's upload or not a png/jpg/jpeg/gif/webp image.
 */
export const updateOwnSupplierProfile = defineEndpoint({
  method: 'PATCH',
  path: '/api/partner/profile',
  auth: 'supplier',
  body: UpdateSupplierProfileInputSchema,
  response: SupplierProfileSchema,
  summary: 'Issue 10: change fields of the signed-in supplier’s own profile.',
  tags: ['partner'],
});

/** The bytes of a supplier's logo, cover or photo; 404 for any other file. Public. */
export const getSupplierImage = defineEndpoint({
  method: 'GET',
  path: '/api/app/catalog-companies/:id/images/:fileId',
  auth: 'public',
  params: z.object({
    id: z.string().regex(/^cmp_[a-z0-9]+$/, 'Not a supplier id.'),
    fileId: FileIdSchema,
  }),
  response: z.unknown(),
  summary: 'Issue 10: a supplier profile image (logo, cover, factory photo).',
  tags: ['catalog'],
});
