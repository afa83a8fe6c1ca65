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
  modules: Pick<AtelierApp, 'reference' | 'catalog' | 'identity' | 'sourcing' | 'files'>,
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
    // The demo store is on Scaling so that the team screens can be tried.
    await repositories.stores.update(storeId, { planType: 'TIER_2_5' });
  }
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
