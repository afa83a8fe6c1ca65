import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { BillingGateway } from './billing-gateway';
import { billingAccounts } from './billing.table';

/**
 * Issue 13: the store's customer at the billing provider (billing-customers.ts), kept in
 * `billing_accounts.provider_customer_id`. Created at the provider the first time a store needs
 * one (saving a card, paying an invoice), once per store; the local gateway has none (null, and
 * nothing is written).
 */
export const createBillingCustomers = ({
  db,
  gateway,
  findStoreEmail,
}: {
  db: Database;
  gateway: Pick<BillingGateway, 'name' | 'ensureCustomer'>;
  findStoreEmail: (storeId: string) => Promise<string | undefined>;
}) => {
  const storedId = async (storeId: string): Promise<string | null> => {
    const [account] = await db
      .select({ customerId: billingAccounts.providerCustomerId })
      .from(billingAccounts)
      .where(eq(billingAccounts.storeId, storeId));
    return account?.customerId ?? null;
  };

  return {
    /** The stored customer id, or null (never calls the provider). */
    findId: storedId,

    /**
     * The store's customer id: the stored one, else the gateway's (created once per store; the
     * provider's idempotency key is the store id, so two requests at once make one customer).
     * `name` is the store's title, shown at the provider. Null with the local gateway.
     * Throws `PaymentProviderError` when the provider cannot answer.
     */
    async ensure(storeId: string, name: string | null = null): Promise<string | null> {
      if (gateway.name === 'local') return null;
      const existing = await storedId(storeId);
      if (existing) return existing;
      const created = await gateway.ensureCustomer({
        storeId,
        existingCustomerId: null,
        email: (await findStoreEmail(storeId)) ?? null,
        name,
      });
      if (!created) return null;
      await db
        .insert(billingAccounts)
        .values({ storeId, providerCustomerId: created })
        .onConflictDoUpdate({
          target: billingAccounts.storeId,
          set: {
            providerCustomerId: sql`coalesce(${billingAccounts.providerCustomerId}, ${created})`,
            updatedAt: new Date(),
          },
        });
      return (await storedId(storeId)) ?? created;
    },
  };
};
export type BillingCustomers = ReturnType<typeof createBillingCustomers>;
