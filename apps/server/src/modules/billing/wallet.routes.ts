import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlanPrices } from '@atelier/contract/billing/plans';
import type { PlanType } from '@atelier/contract/identity/plans';
import type { Database } from '@/db/client';
import type {
  BillingClock,
  BillingInvoicesService,
  CreditsService,
  ModulesService,
} from './billing.services';

export type BillingWalletRoutesDeps = {
  db: Database;
  credits: CreditsService;
  modules: ModulesService;
  invoices: BillingInvoicesService;
  clock: BillingClock;
  /** config BILLING_PLAN_PRICES (DEFAULT_PLAN_PRICES when unset). */
  planPrices: Record<PlanType, PlanPrices>;
};

/** Issue 13 credits, bundle purchase and the public plan catalogue. Work in progress. */
export const billingWalletRoutes =
  (deps: BillingWalletRoutesDeps): FastifyPluginAsyncZod =>
  async () => {
    void deps;
  };
