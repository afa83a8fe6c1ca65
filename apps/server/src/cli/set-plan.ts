import { eq } from 'drizzle-orm';
import { PLAN_NAMES, PlanTypeSchema } from '@atelier/contract/identity/plans';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/open';
import { stores, users } from '@/db/schema';

/**
 * `npm run store:set-plan -- STORE_ID_OR_OWNER_EMAIL PLAN`: an operator's tool for a self-hosted
 * install (PLAN is TIER_1, TIER_2, TIER_2_5 or TIER_3): a complimentary plan, set on the store
 * with no subscription and nothing charged. Every gate follows it until the store starts, changes
 * or ends a subscription of its own in billing (issue 13), which then sets the plan. Stop the
 * server first when running on the embedded database (it takes the data directory's lock).
 */
const [target, plan] = process.argv.slice(2);
const parsedPlan = PlanTypeSchema.safeParse(plan);
if (!target || !parsedPlan.success) {
  process.stderr.write(
    'Usage: npm run store:set-plan -- STORE_ID_OR_OWNER_EMAIL TIER_1|TIER_2|TIER_2_5|TIER_3\n',
  );
  process.exit(2);
}
const config = loadConfig();
const connection = await openDatabase(config);
try {
  const { db } = connection;
  let storeId = target;
  if (target.includes('@')) {
    const [owner] = await db
      .select({ storeId: stores.id })
      .from(stores)
      .innerJoin(users, eq(users.id, stores.ownerUserId))
      .where(eq(users.email, target.toLowerCase()))
      .limit(1);
    storeId = owner?.storeId ?? '';
  }
  const updated = await db
    .update(stores)
    .set({ planType: parsedPlan.data, updatedAt: new Date() })
    .where(eq(stores.id, storeId))
    .returning({ id: stores.id, title: stores.title });
  if (updated.length === 0) {
    process.stderr.write(`No store ${target}.\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(
      `${updated[0]!.title} (${updated[0]!.id}) is now on ${PLAN_NAMES[parsedPlan.data]} (${parsedPlan.data}).\n`,
    );
  }
} finally {
  await connection.close();
}
