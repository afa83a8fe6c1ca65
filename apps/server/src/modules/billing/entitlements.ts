import type { Database } from '@/db/client';
import type { BillingClock, Db, EntitlementsService, ModulesService } from './billing.services';

/**
 * What identity's team service asks billing before an invite (passed from app.ts, so identity
 * does not import billing): throws 403 when the store's plan or seats do not allow one more member.
 */
export type TeamSeatsPort = {
  assertCanInvite(storeId: string, invitedMembers: number, db: Db): Promise<void>;
};

/** Issue 13 feature gates on the server. Work in progress. */
export const createEntitlementsService = ({
  db,
  modules,
  clock,
}: {
  db: Database;
  modules: ModulesService;
  clock: BillingClock;
}): EntitlementsService & { teamSeats: TeamSeatsPort } => {
  void db;
  void modules;
  void clock;
  const todo = (): never => {
    throw new Error('entitlements: not built yet');
  };
  return {
    features: async () => todo(),
    require: async () => todo(),
    teamSeats: { assertCanInvite: async () => todo() },
  };
};
