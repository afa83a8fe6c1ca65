import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { Notifier } from '@/modules/notifications';
import { createCustomProjectRepository } from './custom-project.repository';
import { customProjectRoutes } from './custom-project.routes';
import { createCustomProjectService, type SupplierDirectory } from './custom-project.service';
import { createSourcingExportSources } from './sourcing.export';
import { supplierInviteRoutes } from './supplier-invite.routes';
import { createSupplierInviteService } from './supplier-invite.service';

export type { SupplierDirectory } from './custom-project.service';

export type SourcingModuleDeps = {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  /** Supplier existence and names, from the catalog module. */
  suppliers: SupplierDirectory;
  /** Recipient of supplier-invite e-mails (config PLATFORM_TEAM_EMAIL). */
  platformTeamEmail: string;
};

/** Sourcing module (issue #3 part): custom project requests (RFP) and supplier invites. */
export const createSourcingModule = ({
  db,
  clock,
  notifier,
  suppliers,
  platformTeamEmail,
}: SourcingModuleDeps) => {
  const customProjectService = createCustomProjectService({ db, clock, suppliers });
  const supplierInviteService = createSupplierInviteService({
    db,
    clock,
    notifier,
    platformTeamEmail,
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(customProjectRoutes(customProjectService));
    await app.register(supplierInviteRoutes(supplierInviteService));
  };
  const customProjects = createCustomProjectRepository(db);
  return {
    /** The store's custom projects and supplier invites in "Export my data". */
    exportSources: createSourcingExportSources(db),
    customProjectService,
    supplierInviteService,
    routes,
    /** A store's own custom project (undefined for another store's): what a chat card shows. */
    projectDirectory: {
      async findStoreProject(
        storeId: string,
        projectId: string,
      ): Promise<{ title: string | null; quantity: number | null } | undefined> {
        const row = await customProjects.findForStore(projectId, storeId);
        return row && { title: row.title, quantity: row.quantity };
      },
    },
  };
};
export type SourcingModule = ReturnType<typeof createSourcingModule>;
