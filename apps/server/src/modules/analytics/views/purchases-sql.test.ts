import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { januaryScope, recordHandComputedStore } from './hand-computed-store.test-fixture';
import { customerHistories, numberedPurchases } from './purchases-sql';
import { rowsOf } from './view-parts';

let context: TestContext;
let storeId: string;

beforeAll(async () => {
  context = await createTestApp();
  storeId = (await registerAccount(context)).storeId;
  await recordHandComputedStore(context, storeId);
}, 60_000);
afterAll(async () => context.close());

const emailOf = sql`(select c.email from sales_customers c where c.id = x.customer_id)`;

// The orders store of hand-computed-store.test-fixture.ts: Ann buys on 2023-12-10, 2024-01-05
// and 2024-02-01 (00:30 New York); Ben's 2024-01-05 order is refunded in full, so his one
// purchase is 2024-01-06 (45 − 10 refunded); Cat's 2024-01-15 order is canceled; the guest
// order and Ann's EUR order are nobody's purchase.
describe('purchases-sql', () => {
  it('numbers each customer’s purchase occasions, with the days and months since', async () => {
    const scope = januaryScope(context, storeId);
    const rows = await rowsOf<Record<string, unknown>>(
      scope,
      sql`select ${emailOf} as email, x.day, x.purchase_number, x.days_since_previous,
          x.first_month, x.months_since_first, x.revenue
        from ${numberedPurchases(scope, null)} x order by email, x.day`,
    );
    expect(rows).toEqual([
      row('ann', '2023-12-10', 1, null, '2023-12', 0, 2_500),
      row('ann', '2024-01-05', 2, 26, '2023-12', 1, 3_600),
      row('ann', '2024-02-01', 3, 27, '2023-12', 2, 1_000),
      row('ben', '2024-01-06', 1, null, '2024-01', 0, 3_500),
      row('cat', '2024-01-31', 1, null, '2024-01', 0, 3_000),
    ]);
  });

  it('sums each customer’s history up to an instant, with the median gap', async () => {
    const scope = januaryScope(context, storeId);
    const rows = await rowsOf<Record<string, unknown>>(
      scope,
      sql`select ${emailOf} as email, x.purchases, x.revenue, x.median_gap_days,
          to_char(x.last_date, 'YYYY-MM-DD') as last_day
        from ${customerHistories(scope, scope.range.end)} x order by email`,
    );
    expect(rows).toEqual([
      {
        email: 'ann@example.com',
        purchases: 2,
        revenue: 6_100,
        median_gap_days: 26,
        last_day: '2024-01-05',
      },
      {
        email: 'ben@example.com',
        purchases: 1,
        revenue: 3_500,
        median_gap_days: null,
        last_day: '2024-01-06',
      },
      {
        email: 'cat@example.com',
        purchases: 1,
        revenue: 3_000,
        median_gap_days: null,
        last_day: '2024-01-31',
      },
    ]);
  });
});

const row = (
  name: string,
  day: string,
  purchaseNumber: number,
  daysSincePrevious: number | null,
  firstMonth: string,
  monthsSinceFirst: number,
  revenue: number,
) => ({
  email: `${name}@example.com`,
  day,
  purchase_number: purchaseNumber,
  days_since_previous: daysSincePrevious,
  first_month: firstMonth,
  months_since_first: monthsSinceFirst,
  revenue,
});
