import type { FastifyBaseLogger } from 'fastify';
import type { AtelierApp } from '@/app';
import { createIdentityRepositories } from '@/modules/identity/identity.repositories';
import type { Database } from '@/db/client';
import { systemClock, type Clock } from '@/lib/clock';
import { DEMO_ORDER_HISTORY_JOB_KIND } from '@/modules/sales';
import { seedDemoStore } from './demo-store';

/** The documented demo account (README "Demo account"), created when SEED_DEMO is on. */
export const DEMO_ACCOUNT = {
  email: 'demo@atelier.local',
  password: 'atelier-demo',
  storeTitle: 'Atelier Demo Studio',
  name: 'Demo Creator',
} as const;

/** The documented demo supplier (README), a member of `catalog.demoSupplierCompanyId()`. */
export const DEMO_SUPPLIER_ACCOUNT = {
  email: 'supplier@atelier.local',
  password: 'atelier-supplier',
  name: 'Demo Supplier',
} as const;

/**
 * Seeds what the platform needs, through the modules: reference data (countries, states), the
 * category tree, the supplier catalog (real registry factories with demo values, demo
 * suppliers), and optionally the demo account and demo supplier account with a little life in
 * the demo store (a conversation, favourites, a custom project: `seedDemoStore`). Idempotent: a
 * second run adds nothing. `clock` dates the demo store's history (the system clock by default).
 */
export const seedPlatform = async (
  modules: Pick<
    AtelierApp,
    'reference' | 'catalog' | 'identity' | 'sourcing' | 'files' | 'billing'
  >,
  db: Database,
  options: { seedDemo: boolean; log: FastifyBaseLogger; clock?: Clock },
) => {
  const reference = await modules.reference.seedReferenceData();
  const categories = await modules.catalog.seedCategories();
  options.log.info({ ...reference, categories }, 'reference data ready');
  const startedAt = performance.now();
  const catalog = await modules.catalog.seedCatalog();
  options.log.info(
    {
      suppliers: catalog.suppliers,
      items: catalog.items,
      isWritten: catalog.isWritten,
      ms: Math.round(performance.now() - startedAt),
    },
    catalog.isWritten ? 'seed catalog loaded' : 'seed catalog already present',
  );
  if (!options.seedDemo) return { demo: false };

  const repositories = createIdentityRepositories(db);
  const existing = await repositories.users.findByEmail(DEMO_ACCOUNT.email);
  if (!existing) {
    const { storeId } = await modules.identity.accountService.createAccount({
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      storeTitle: DEMO_ACCOUNT.storeTitle,
      name: DEMO_ACCOUNT.name,
      accountType: 'CREATOR',
      usageStyle: 'USE_THE_TOOLS_MYSELF',
    });
    // Scaling until billing below gives the store its subscription (or when it cannot).
    await repositories.stores.update(storeId, { planType: 'TIER_2_5' });
  }
  await seedDemoPlan(modules.billing, db, options.log);
  if (!(await repositories.users.findByEmail(DEMO_SUPPLIER_ACCOUNT.email))) {
    // Through the real invitation flow; the session that accepting starts is ended at once.
    const { supplierAccountService } = modules.identity;
    const { link } = await supplierAccountService.invite(
      modules.catalog.demoSupplierCompanyId(),
      DEMO_SUPPLIER_ACCOUNT.email,
    );
    const session = await supplierAccountService.acceptInvite(
      {
        token: new URL(link).searchParams.get('token')!,
        password: DEMO_SUPPLIER_ACCOUNT.password,
        name: DEMO_SUPPLIER_ACCOUNT.name,
      },
      { address: '127.0.0.1', userAgent: 'seed' },
    );
    const { supplierActor } = await modules.identity.authenticateSupplier(session.token);
    await supplierAccountService.logout(supplierActor);
  }
  const demoStore = await seedDemoStore(
    modules,
    db,
    { store: DEMO_ACCOUNT.email, supplier: DEMO_SUPPLIER_ACCOUNT.email },
    options.clock ?? systemClock,
  );
  options.log.info(
    demoStore,
    demoStore.isWritten ? 'demo store history seeded' : 'demo store history already present',
  );
  return { demo: true };
};

/**
 * The demo store is on Scaling (so the team screens can be tried) through billing itself: with
 * the local payment provider it saves the test card 4242 4242 4242 4242 and starts a monthly
 * Scaling subscription (a 14-day trial, then the test card is charged; nothing real). Only when
 * the store never had a subscription, so a plan the user changed or canceled stays as they left
 * it. With a real provider (no test cards) the store keeps `plan_type` Scaling with no
 * subscription, as an operator's `store:set-plan` does.
 */
const seedDemoPlan = async (
  billing: AtelierApp['billing'],
  db: Database,
  log: FastifyBaseLogger,
) => {
  const repositories = createIdentityRepositories(db);
  const user = await repositories.users.findByEmail(DEMO_ACCOUNT.email);
  const membership = user && (await repositories.team.listAcceptedByUser(user.id))[0];
  if (!user || !membership) return;
  const { storeId } = membership;
  const overview = await billing.subscriptions.overview(storeId);
  if (overview.subscription !== null || !overview.provider.isLocal) return;
  const now = await billing.clock.now(storeId);
  await billing.paymentMethods.attach(storeId, {
    paymentMethod: {
      type: 'test_card',
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: now.getUTCFullYear() + 4,
      cvc: '123',
    },
    makeDefault: true,
  });
  const { subscription } = await billing.subscriptions.changePlan(
    {
      userId: user.id,
      email: user.email,
      name: DEMO_ACCOUNT.name,
      storeId,
      storeTitle: DEMO_ACCOUNT.storeTitle,
      role: 'OWNER',
      sessionId: 'seed',
      planType: overview.planType,
      isPreviewAccount: false,
    },
    { planType: 'TIER_2_5', interval: 'MONTH' },
  );
  log.info(
    { status: subscription.status, trialEndsAt: subscription.trialEndsAt },
    'demo store subscribed to Scaling with the local test card',
  );
};

/**
 * Queues the import of the demo store's real order history (issue 11, SEED_DEMO_ORDERS) unless
 * the store has it already (or has it on the way): a background job, about a minute on PGlite,
 * with its progress in the log and on the store's jobs. Call once the app is ready (the job runner
 * starts with it) and after `seedPlatform` created the demo account. Returns the job's id, or null
 * when there is nothing to queue.
 */
export const queueDemoOrderHistory = async (
  modules: Pick<AtelierApp, 'sales' | 'jobs'>,
  db: Database,
  log: FastifyBaseLogger,
): Promise<string | null> => {
  const repositories = createIdentityRepositories(db);
  const user = await repositories.users.findByEmail(DEMO_ACCOUNT.email);
  const membership = user && (await repositories.team.listAcceptedByUser(user.id))[0];
  if (!membership || (await modules.sales.hasDemoOrderHistory(membership.storeId))) return null;
  const { job, isNew } = await modules.jobs.jobService.startJob(
    membership.storeId,
    DEMO_ORDER_HISTORY_JOB_KIND,
    { key: 'demo-order-history', message: 'Waiting to import the demo order history' },
  );
  log.info(
    { jobId: job.id, isNew },
    'demo order history (22,064 real orders) is being imported in the background',
  );
  return job.id;
};
