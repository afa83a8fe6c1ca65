import { z } from 'zod';
import { PLAN_NAMES, PlanTypeSchema, planUpgradeTarget, type PlanType } from '../identity/plans';

/**
 * Issue 13, spec §4 plan tiers and §6 names: the plan catalogue in one place. Prices are integer
 * minor units of USD; these are the defaults, the server's configuration may override the prices
 * (`BILLING_PLAN_PRICES`, see docs/billing.md) and the pricing page shows what the server answers.
 */

/** How often a subscription renews. */
export const BillingIntervalSchema = z.enum(['MONTH', 'YEAR']);
export type BillingInterval = z.infer<typeof BillingIntervalSchema>;

/**
 * Spec §6 gives two name sets: Free, Beginner, Scaling, Professional (what Atelier shows, see
 * `PLAN_NAMES`) and Free, Essentials, Business, Business (the other displays; kept so a user who
 * knows one name finds the other on the pricing page).
 */
export const PLAN_ALTERNATE_NAMES: Record<PlanType, string> = {
  TIER_1: 'Free',
  TIER_2: 'Essentials',
  TIER_2_5: 'Business',
  TIER_3: 'Business',
};

/** A plan's price per interval, integer minor units of `currencyCode`. */
export const PlanPricesSchema = z.object({
  MONTH: z.number().int().min(0),
  YEAR: z.number().int().min(0),
});
export type PlanPrices = z.infer<typeof PlanPricesSchema>;

/** Default prices in US cents (a yearly plan costs ten months). */
export const DEFAULT_PLAN_PRICES: Record<PlanType, PlanPrices> = {
  TIER_1: { MONTH: 0, YEAR: 0 },
  TIER_2: { MONTH: 4_900, YEAR: 49_000 },
  TIER_2_5: { MONTH: 9_900, YEAR: 99_000 },
  TIER_3: { MONTH: 19_900, YEAR: 199_000 },
};

/**
 * Spec §6: Professional adds premium support and more team seats, Beginner includes fewer; the
 * foundation (issue 2) lets a store have team members only on Scaling and up. Seats count the
 * owner. Additional seats can be bought on plans that have team members.
 */
export const PLAN_SEATS: Record<PlanType, number> = {
  TIER_1: 1,
  TIER_2: 1,
  TIER_2_5: 3,
  TIER_3: 10,
};

/** Price of one additional seat per month (US cents); a yearly plan pays twelve of them. */
export const ADDITIONAL_SEAT_PRICE_PER_MONTH = 1_500;

/** Days of trial a store gets the first time it subscribes to a paid plan. */
export const TRIAL_DAYS = 14;

/**
 * Days before a trial's end that the "trial ending soon" e-mail goes out (once per
 * subscription): when it ends, what will be charged and how to cancel before then.
 */
export const TRIAL_REMINDER_DAYS = 3;

/** Plans ordered from the lowest tier; `planRank` compares them (upgrade = higher rank). */
export const PLAN_ORDER: readonly PlanType[] = PlanTypeSchema.options;
export const planRank = (planType: PlanType): number => PLAN_ORDER.indexOf(planType);

/** Whether a change from one plan to another is an upgrade (charged now, prorated). */
export const isUpgrade = (from: PlanType, to: PlanType): boolean => planRank(to) > planRank(from);

/** What the pricing page and the plan modal show about one plan. */
export const PlanSchema = z.object({
  planType: PlanTypeSchema,
  name: z.string(),
  alternateName: z.string(),
  prices: PlanPricesSchema,
  currencyCode: z.string(),
  seatsIncluded: z.number().int(),
  /** Null when the plan cannot have team members. */
  additionalSeatPricePerMonth: z.number().int().nullable(),
  upgradeTarget: PlanTypeSchema.nullable(),
  premiumSupport: z.boolean(),
  /** The bundle module that comes with the plan (null for Free). */
  includedModule: z.string().nullable(),
  /** One line per thing the plan includes, as shown on the pricing page. */
  highlights: z.array(z.string()),
});
export type Plan = z.infer<typeof PlanSchema>;

const HIGHLIGHTS: Record<PlanType, string[]> = {
  TIER_1: [
    'Sourcing marketplace and chat with suppliers',
    'Sample and production orders',
    '1 seat',
  ],
  TIER_2: [
    'Everything in Free',
    'Beginner bundle: AI brand kit and product ideation',
    'Welcome credits',
    '1 seat',
  ],
  TIER_2_5: ['Everything in Beginner', '3 seats and team roles', 'Additional seats'],
  TIER_3: [
    'Everything in Scaling',
    'Professional bundle: analytics and more credits',
    'Premium support',
    '10 seats',
  ],
};

/** The plan catalogue with the given prices (defaults when none are configured). */
export const planCatalogue = (prices: Record<PlanType, PlanPrices> = DEFAULT_PLAN_PRICES): Plan[] =>
  PLAN_ORDER.map((planType) => ({
    planType,
    name: PLAN_NAMES[planType],
    alternateName: PLAN_ALTERNATE_NAMES[planType],
    prices: prices[planType],
    currencyCode: 'USD',
    seatsIncluded: PLAN_SEATS[planType],
    additionalSeatPricePerMonth:
      planType === 'TIER_2_5' || planType === 'TIER_3' ? ADDITIONAL_SEAT_PRICE_PER_MONTH : null,
    upgradeTarget: planUpgradeTarget(planType),
    premiumSupport: planType === 'TIER_3',
    includedModule:
      planType === 'TIER_1' ? null : planType === 'TIER_3' ? 'professional' : 'beginner',
    highlights: HIGHLIGHTS[planType],
  }));

/**
 * Every fee of the platform in one table (the pricing page: no hidden fees). `amount` is integer
 * minor units of USD for FIXED fees, basis points of the base for PERCENT fees.
 */
export const PlatformFeeSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['FIXED', 'PERCENT']),
  amount: z.number().int(),
  /** What the fee is charged on or per. */
  per: z.string(),
  /** Which bill the fee appears on (spec §9 and the checkout totals are where the figures come from). */
  chargedOn: z.string(),
});
export type PlatformFee = z.infer<typeof PlatformFeeSchema>;

export const PLATFORM_FEES: PlatformFee[] = [
  {
    key: 'processing',
    label: 'Card processing fee',
    kind: 'PERCENT',
    amount: 300,
    per: 'checkout of sourcing orders',
    chargedOn: 'Sourcing order checkout',
  },
  {
    key: 'shipping_assurance',
    label: 'Shipping Assurance (optional)',
    kind: 'PERCENT',
    amount: 300,
    per: 'checkout subtotal',
    chargedOn: 'Sourcing order checkout',
  },
  {
    key: 'sample_assurance',
    label: 'Sample Assurance (optional)',
    kind: 'PERCENT',
    amount: 1_000,
    per: 'samples in a checkout',
    chargedOn: 'Sourcing order checkout',
  },
  {
    key: 'fulfillment_order_beginner',
    label: 'Fulfillment per order, Beginner and Scaling',
    kind: 'FIXED',
    amount: 150,
    per: 'order shipped',
    chargedOn: 'Fulfillment bill',
  },
  {
    key: 'fulfillment_order_professional',
    label: 'Fulfillment per order, Professional',
    kind: 'FIXED',
    amount: 115,
    per: 'order shipped',
    chargedOn: 'Fulfillment bill',
  },
  {
    key: 'storage',
    label: 'Storage',
    kind: 'FIXED',
    amount: 100,
    per: 'bin per SKU per month',
    chargedOn: 'Fulfillment bill',
  },
  {
    key: 'receiving_incident',
    label: 'Receiving non-compliance',
    kind: 'FIXED',
    amount: 1_500,
    per: 'incident',
    chargedOn: 'Fulfillment bill',
  },
  {
    key: 'priority_fulfillment',
    label: 'Priority fulfillment',
    kind: 'FIXED',
    amount: 1_000,
    per: 'order',
    chargedOn: 'Fulfillment bill',
  },
  {
    key: 'fulfillment_cash_back',
    label: 'Fulfillment cash back',
    kind: 'PERCENT',
    amount: -100,
    per: 'fulfillment spend',
    chargedOn: 'Fulfillment bill (a credit)',
  },
  {
    key: 'sales_channel_listing',
    label: 'Sales channel listing',
    kind: 'FIXED',
    amount: 0,
    per: 'listing',
    chargedOn: 'Nothing: listing is free',
  },
  {
    key: 'sales_channel',
    label: 'Sales channel fee',
    kind: 'PERCENT',
    amount: 100,
    per: 'sale through a channel',
    chargedOn: 'Sales channel payout',
  },
  {
    key: 'storefront_processing',
    label: 'Storefront payment processing',
    kind: 'PERCENT',
    amount: 500,
    per: 'storefront sale',
    chargedOn: 'Storefront payout',
  },
  {
    key: 'sms',
    label: 'SMS',
    kind: 'FIXED',
    amount: 2,
    per: 'message (1,000 texts a month included)',
    chargedOn: 'Monthly marketing bill',
  },
  {
    key: 'mms',
    label: 'MMS',
    kind: 'FIXED',
    amount: 4,
    per: 'message',
    chargedOn: 'Monthly marketing bill',
  },
  {
    key: 'additional_seat',
    label: 'Additional seat (Scaling, Professional)',
    kind: 'FIXED',
    amount: ADDITIONAL_SEAT_PRICE_PER_MONTH,
    per: 'seat per month',
    chargedOn: 'Plan invoice',
  },
];
