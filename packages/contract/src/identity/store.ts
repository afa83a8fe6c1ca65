import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { isFileUrl } from '../files/file';
import { isValidLink, textSchema } from '../common/validation';
import {
  AccountTypeSchema,
  FeatureFlagsSchema,
  StoreTitleSchema,
  UsageStyleSchema,
} from './account';
import { PlanTypeSchema } from './plans';

export const ExternalFieldSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'A field name uses letters, digits and _ . : - only.'),
  value: textSchema(10_000),
});
export type ExternalField = z.infer<typeof ExternalFieldSchema>;

export const BlueprintSubscriptionStatusSchema = z.enum([
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'trialing',
]);

/** Spec §3 store profile. */
export const StoreProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  title: z.string(),
  user: z.object({ name: z.string().nullable(), username: z.string() }),
  planType: PlanTypeSchema,
  createdAt: z.iso.datetime(),
  externalFields: z.array(ExternalFieldSchema),
  avatarUrl: z.string().nullable(),
  isPreviewAccount: z.boolean(),
  accountType: AccountTypeSchema,
  usageStyle: UsageStyleSchema,
  blueprintSubscriptionId: z.string().nullable(),
  blueprintSubscriptionStatus: BlueprintSubscriptionStatusSchema.nullable(),
  blueprintSubscriptionPausedAt: z.iso.datetime().nullable(),
  blueprintSubscriptionResumesAt: z.iso.datetime().nullable(),
  blueprintSubscriptionBehavior: z.string().nullable(),
  authCredential: z.object({ name: z.string() }),
  featureFlags: FeatureFlagsSchema,
});
export type StoreProfile = z.infer<typeof StoreProfileSchema>;

/** Image types a store avatar may be (raster only: it is shown through an object URL). */
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;

/**
 * A store's avatar: the `fileUrl` of an image the store uploaded through `uploadFile` (checked
 * by the server: the store's own file, one of AVATAR_EXTENSIONS), or a link as before.
 */
export const AvatarUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (value) => isFileUrl(value) || isValidLink(value),
    'Upload an image, or enter a link that starts with http://, https:// or ftp://.',
  );

export const UpdateStoreProfileInputSchema = z
  .object({
    title: StoreTitleSchema,
    name: textSchema(120).nullable(),
    avatarUrl: AvatarUrlSchema.nullable(),
    accountType: AccountTypeSchema,
    usageStyle: UsageStyleSchema,
  })
  .partial()
  .strict();
export type UpdateStoreProfileInput = z.infer<typeof UpdateStoreProfileInputSchema>;

export const getStoreProfile = defineEndpoint({
  method: 'GET',
  path: '/api/web/stores/me',
  response: StoreProfileSchema,
  summary: 'Spec §7: fetch the store profile.',
  tags: ['identity'],
});

export const updateStoreProfile = defineEndpoint({
  method: 'PUT',
  path: '/api/web/stores/me',
  body: UpdateStoreProfileInputSchema,
  response: StoreProfileSchema,
  summary: 'Update the store profile (owner and admin).',
  tags: ['identity'],
});

export const setExternalField = defineEndpoint({
  method: 'PUT',
  path: '/api/web/stores/me/external-fields',
  body: ExternalFieldSchema,
  response: StoreProfileSchema,
  summary: 'Spec §7: set an external field by name and value (adds or replaces).',
  tags: ['identity'],
});

export const updateFeatureFlags = defineEndpoint({
  method: 'PUT',
  path: '/api/web/stores/me/feature-flags',
  body: FeatureFlagsSchema.partial().strict(),
  response: FeatureFlagsSchema,
  summary: 'Spec §6: turn per-store feature flags on or off (owner only).',
  tags: ['identity'],
});
