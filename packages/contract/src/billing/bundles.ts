import { z } from 'zod';

/** Spec §1 subscription bundles; each is a subscription module (spec §3 "Subscription modules have a name"). */
export const BundleNameSchema = z.enum(['beginner', 'professional', 'launch', 'design-and-sample']);
export type BundleName = z.infer<typeof BundleNameSchema>;

/** Spec §4 module status. */
export const ModuleStatusSchema = z.enum(['NOT_ACTIVE', 'ACTIVE', 'EXPIRED']);
export type ModuleStatus = z.infer<typeof ModuleStatusSchema>;

export const BUNDLE_LABELS: Record<BundleName, string> = {
  beginner: 'Beginner bundle',
  professional: 'Professional bundle',
  launch: 'Launch bundle',
  'design-and-sample': 'Design and sample bundle',
};

/**
 * Spec §9 credits per bundle: the sizes a bundle is sold in (AI credits granted on purchase).
 * Launch and design-and-sample are sold in one size each (read: the Beginner sizes' middle and
 * top, since the spec gives no sizes of their own).
 */
export const BUNDLE_CREDIT_SIZES: Record<BundleName, readonly number[]> = {
  beginner: [1_000, 2_000, 3_500, 7_000, 10_000],
  professional: [5_000, 8_000, 15_000, 30_000, 50_000],
  launch: [3_500],
  'design-and-sample': [10_000],
};

/** Price of one credit in US cents per 100 credits (a bundle's price = credits × this ÷ 100). */
export const BUNDLE_PRICE_PER_100_CREDITS: Record<BundleName, number> = {
  beginner: 100,
  professional: 80,
  launch: 100,
  'design-and-sample': 90,
};

/** A bundle size's price in US cents. */
export const bundlePrice = (bundle: BundleName, credits: number): number =>
  Math.round((credits * BUNDLE_PRICE_PER_100_CREDITS[bundle]) / 100);

/**
 * Spec §9 welcome credits $25, $50, $75, $100 "by bundle", read in the order of spec §1's bundles:
 * granted once per store the first time the bundle becomes ACTIVE. Dollars become credits at
 * `CREDITS_PER_USD` (1 credit = 1 US cent).
 */
export const WELCOME_CREDITS_USD: Record<BundleName, number> = {
  beginner: 25,
  professional: 50,
  launch: 75,
  'design-and-sample': 100,
};
export const CREDITS_PER_USD = 100;

/** How long a bought bundle stays ACTIVE before it becomes EXPIRED, in days; a plan's included bundle follows the subscription instead. */
export const BUNDLE_ACTIVE_DAYS = 365;

export const SubscriptionModuleSchema = z.object({
  name: BundleNameSchema,
  label: z.string(),
  status: ModuleStatusSchema,
  /** PLAN: comes with the plan; PURCHASE: bought on its own. Null while NOT_ACTIVE. */
  source: z.enum(['PLAN', 'PURCHASE']).nullable(),
  activatedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  /** Sizes it is sold in and their prices (US cents). */
  sizes: z.array(z.object({ credits: z.number().int(), price: z.number().int() })),
  welcomeCredits: z.number().int(),
});
export type SubscriptionModule = z.infer<typeof SubscriptionModuleSchema>;
