import type { Database } from '@/db/client';
import type { CreditsService, ModulesService } from './billing.services';

/** Issue 13 subscription modules (bundles). Work in progress. */
export const createModulesService = ({
  db,
  credits,
}: {
  db: Database;
  credits: CreditsService;
}): ModulesService => {
  void db;
  void credits;
  const todo = (): never => {
    throw new Error('modules: not built yet');
  };
  return {
    list: async () => todo(),
    activeNames: async () => todo(),
    syncPlanModules: async () => todo(),
  };
};
