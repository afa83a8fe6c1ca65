import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type {
  BillingInvoice,
  BillingOverview,
  PaymentMethod,
} from '@atelier/contract/billing/billing-api';
import { billingEndpoints as api } from '@atelier/contract/billing/billing-api';
import { stores } from '@/db/schema';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { testCard } from '@/testing/orders-fixtures';
import type { TestContext } from '@/testing/test-app';

/** Test cards of the local provider (payments/test-cards.ts). */
export const PAYS = '4242424242424242';
export const DECLINES = '4000000000000002';
export const DAY_MS = 86_400_000;

/** Answers that end the questionnaire with CANCELED (no call, no offer). */
export const CANCEL_ANSWERS = {
  reason: 'LOW_FUNDS',
  rating: 'R4_6',
  bookACall: 'NO',
  samplesNotOrdered: 'TOO_MUCH_WORK',
  offer: 'NO',
  suggestions: null,
} as const;

/** Billing calls of one test app, as one store's user. */
export const billingClient = (context: TestContext) => {
  const call = (
    account: Pick<StoreAccount, 'headers'>,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    context.app.inject({
      method,
      url,
      headers: account.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const client = {
    call,
    async overview(account: StoreAccount): Promise<BillingOverview> {
      const response = await call(account, 'GET', api.overview.path);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
    async addCard(account: StoreAccount, number = PAYS, makeDefault?: boolean) {
      const response = await call(account, 'POST', api.attachPaymentMethod.path, {
        paymentMethod: testCard(number),
        ...(makeDefault === undefined ? {} : { makeDefault }),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<PaymentMethod>();
    },
    changePlan: (account: StoreAccount, body: Record<string, unknown>) =>
      call(account, 'POST', api.changePlan.path, body),
    async advance(account: StoreAccount, days: number): Promise<BillingOverview> {
      const response = await call(account, 'POST', api.advanceTestClock.path, { days });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
    /** Moves the store's clock to its current period's end (whole days). */
    async advanceToPeriodEnd(account: StoreAccount): Promise<BillingOverview> {
      const before = await client.overview(account);
      const end = new Date(before.subscription!.currentPeriodEnd).getTime();
      const days = Math.ceil((end - new Date(before.now).getTime()) / DAY_MS);
      return client.advance(account, days);
    },
    async invoices(account: StoreAccount): Promise<BillingInvoice[]> {
      const response = await call(account, 'GET', `${api.invoices.path}?limit=100`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: BillingInvoice[] }>().items;
    },
    async planTypeOf(storeId: string) {
      const [row] = await context.connection.db
        .select({ planType: stores.planType })
        .from(stores)
        .where(eq(stores.id, storeId));
      return row?.planType;
    },
    /** A new store with a card that pays and an ACTIVE TIER_2 (or `planType`) monthly plan, trial over. */
    async activeStore(planType = 'TIER_2', interval = 'MONTH') {
      const account = await registerAccount(context);
      await client.addCard(account);
      const started = await client.changePlan(account, { planType, interval });
      expect(started.statusCode, started.body).toBe(200);
      await client.advance(account, 14);
      const overview = await client.overview(account);
      expect(overview.subscription?.status).toBe('ACTIVE');
      return account;
    },
  };
  return client;
};
