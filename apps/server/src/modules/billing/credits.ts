import type { Database } from '@/db/client';
import type { CreditsService } from './billing.services';

/** Issue 13 credits ledger (credit_entries + credit_balances). Work in progress. */
export const createCreditsService = ({ db }: { db: Database }): CreditsService => {
  void db;
  const todo = (): never => {
    throw new Error('credits: not built yet');
  };
  return {
    grant: async () => todo(),
    spendCredits: async () => todo(),
    refundSpend: async () => todo(),
    expireDue: async () => todo(),
    balance: async () => todo(),
    history: async () => todo(),
  };
};
