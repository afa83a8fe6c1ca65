import type { BillingInterval } from '@atelier/contract/billing/plans';
import type { PlanType } from '@atelier/contract/identity/plans';

/**
 * Spec §2 dialog key `manage_plan`: any signed-in page opens the plan modal when its address has
 * `?dialog=manage_plan` (optionally `&step=…&plan=…&interval=…`). This file holds only the
 * address helpers, without Zod or the modal itself, so the signed-in layout can read the address
 * on every page and load the modal only once it is asked for.
 */
export const MANAGE_PLAN_DIALOG = 'manage_plan';

/**
 * Where the modal opens: the overview, the plan choice (`manage`), the plan choice preset to the
 * other billing cycle (`cycle-change`) or to the plan below (`downgrade`), or the pause and
 * cancel confirmations.
 */
export const MANAGE_PLAN_ENTRY_STEPS = [
  'overview',
  'manage',
  'cycle-change',
  'downgrade',
  'pause',
  'cancel',
] as const;
export type ManagePlanEntryStep = (typeof MANAGE_PLAN_ENTRY_STEPS)[number];

const PLAN_TYPES = [
  'TIER_1',
  'TIER_2',
  'TIER_2_5',
  'TIER_3',
] as const satisfies readonly PlanType[];
const INTERVALS = ['MONTH', 'YEAR'] as const satisfies readonly BillingInterval[];

/** What an address asks of the plan modal. */
export type ManagePlanRequest = {
  step: ManagePlanEntryStep;
  /** A plan to preselect on the plan choice (e.g. the gate's "Upgrade to Scaling"). */
  plan: PlanType | undefined;
  interval: BillingInterval | undefined;
};

/**
 * Spec §2 /homebase/subscription-cycle-change and /homebase/subscription-downgrade: the home page
 * with the plan modal open at that step (closing it leads to /homebase).
 */
export const SUBSCRIPTION_PAGE_STEPS: Readonly<Record<string, ManagePlanEntryStep>> = {
  '/homebase/subscription-cycle-change': 'cycle-change',
  '/homebase/subscription-downgrade': 'downgrade',
};

/** The query parameters the modal uses; closing it removes exactly these. */
export const MANAGE_PLAN_PARAMS = ['dialog', 'step', 'plan', 'interval'] as const;

const pick = <T extends string>(value: unknown, choices: readonly T[]): T | undefined =>
  typeof value === 'string' && (choices as readonly string[]).includes(value)
    ? (value as T)
    : undefined;

/**
 * The modal request in a page's search (the router's parsed query), or null when the address
 * does not open it. An unknown step opens the overview; an unknown plan or interval is ignored.
 */
export const readManagePlanSearch = (search: Record<string, unknown>): ManagePlanRequest | null =>
  search.dialog === MANAGE_PLAN_DIALOG
    ? {
        step: pick(search.step, MANAGE_PLAN_ENTRY_STEPS) ?? 'overview',
        plan: pick(search.plan, PLAN_TYPES),
        interval: pick(search.interval, INTERVALS),
      }
    : null;

/**
 * The href of `pathname` with the plan modal open (`?dialog=manage_plan&step=manage&plan=TIER_3`),
 * keeping the page's other query parameters from `searchStr` ("?tab=…" or "").
 */
export const managePlanHref = (
  pathname: string,
  request: Partial<ManagePlanRequest> = {},
  searchStr = '',
): string => {
  const query = new URLSearchParams(searchStr);
  for (const name of MANAGE_PLAN_PARAMS) query.delete(name);
  query.set('dialog', MANAGE_PLAN_DIALOG);
  if (request.step && request.step !== 'overview') query.set('step', request.step);
  if (request.plan) query.set('plan', request.plan);
  if (request.interval) query.set('interval', request.interval);
  return `${pathname}?${query.toString()}`;
};

/** The href of the page with the plan modal closed (its parameters removed, others kept). */
export const withoutManagePlanHref = (pathname: string, searchStr: string, hash = ''): string => {
  const query = new URLSearchParams(searchStr);
  for (const name of MANAGE_PLAN_PARAMS) query.delete(name);
  const text = query.toString();
  return `${pathname}${text ? `?${text}` : ''}${hash ? `#${hash.replace(/^#/, '')}` : ''}`;
};
