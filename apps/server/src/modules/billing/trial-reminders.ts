import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { TRIAL_REMINDER_DAYS } from '@atelier/contract/billing/plans';
import type { Database } from '@/db/client';
import type { BillingEmail } from './billing-email';
import { billingSubscriptions } from './billing.table';
import type { SubscriptionCore, SubscriptionRow } from './subscriptions';

const DAY_MS = 86_400_000;

/** Whether `row` is a trial that still runs at `now` and whose reminder should go out by then. */
const isReminderDue = (
  row: SubscriptionRow,
  now: Date,
): row is SubscriptionRow & {
  trialEndsAt: Date;
} =>
  row.status === 'TRIALING' &&
  row.trialEndsAt !== null &&
  row.endedAt === null &&
  row.pausedAt === null &&
  !row.cancelAtPeriodEnd &&
  row.trialReminderSentAt === null &&
  now.getTime() >= row.trialEndsAt.getTime() - TRIAL_REMINDER_DAYS * DAY_MS &&
  now.getTime() < row.trialEndsAt.getTime();

/**
 * Issue 13 "trial ending soon" (trial-reminders.ts): TRIAL_REMINDER_DAYS before a TRIALING
 * subscription's trial ends, one e-mail says when, what the first invoice will charge (the plan it
 * renews to, the amount after the discount, the default card) and how to cancel before then.
 * Exactly once per subscription: `trial_reminder_sent_at` is claimed with a compare-and-set before
 * the e-mail is queued, so two runners never send it twice. A trial set to cancel, or no longer
 * TRIALING, gets none; a run past the trial's end sends none (the trial-ended e-mail follows).
 */
export const createTrialReminders = ({
  db,
  core,
  email,
  log,
}: {
  db: Database;
  core: Pick<SubscriptionCore, 'periodTotals' | 'findDefaultCard'>;
  email: Pick<BillingEmail, 'trialEndingSoon'>;
  log?: { warn(object: unknown, message: string): void };
}) => ({
  /** Sends `row`'s reminder when due at `now`; true when it claimed (or lost) the row's claim. */
  async remindIfDue(row: SubscriptionRow, now: Date): Promise<boolean> {
    if (!isReminderDue(row, now)) return false;
    const [claimed] = await db
      .update(billingSubscriptions)
      .set({ trialReminderSentAt: now, updatedAt: new Date() })
      .where(
        and(
          eq(billingSubscriptions.id, row.id),
          eq(billingSubscriptions.status, 'TRIALING'),
          eq(billingSubscriptions.cancelAtPeriodEnd, false),
          isNull(billingSubscriptions.trialReminderSentAt),
          isNull(billingSubscriptions.endedAt),
        ),
      )
      .returning();
    if (!claimed?.trialEndsAt) return true;
    try {
      const next = core.periodTotals(claimed);
      const card = await core.findDefaultCard(claimed.storeId);
      await email.trialEndingSoon(claimed.storeId, {
        planType: next.planType,
        interval: next.interval,
        trialEndsAt: claimed.trialEndsAt,
        total: next.total,
        currencyCode: claimed.currencyCode,
        discountLabel: next.discount > 0 ? next.discountLabel : null,
        card: card ? { brand: card.brand, last4: card.last4 } : null,
      });
    } catch (error) {
      log?.warn({ err: error, subscriptionId: claimed.id }, 'trial reminder not queued');
    }
    return true;
  },

  /** SQL for the sweeper: the subscription's reminder is due at `storeNow` (its billing time). */
  dueAt(storeNow: SQL): SQL {
    return sql`(${billingSubscriptions.pausedAt} is null
      and ${billingSubscriptions.status} = 'TRIALING'
      and ${billingSubscriptions.trialReminderSentAt} is null
      and ${billingSubscriptions.cancelAtPeriodEnd} = false
      and ${billingSubscriptions.trialEndsAt} - ${TRIAL_REMINDER_DAYS}::int * interval '1 day' <= ${storeNow}
      and ${billingSubscriptions.trialEndsAt} > ${storeNow})`;
  },
});
export type TrialReminders = ReturnType<typeof createTrialReminders>;
