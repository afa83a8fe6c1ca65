import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BillingInvoice } from '@atelier/contract/billing/billing-api';
import {
  DUNNING_FAILURE_HANDLING,
  DUNNING_RETRY_DAYS,
  addInterval,
} from '@atelier/contract/billing/subscription';
import type { Database } from '@/db/client';
import type { BillingClockService } from './billing-clock';
import type { BillingEmail } from './billing-email';
import type { BillingInvoices } from './billing-invoices';
import type { CreditsService } from './billing.services';
import {
  billingAccounts,
  billingInvoices,
  billingSubscriptions,
  creditEntries,
} from './billing.table';
import {
  discountOf,
  renewalOf,
  withStoreLock,
  type SubscriptionCore,
  type SubscriptionRow,
  type SubscriptionsService,
} from './subscriptions';
import { createTrialReminders } from './trial-reminders';

const DAY_MS = 86_400_000;
/** At most this many steps per store and run (a test clock jump of 400 days is 14 monthly renewals). */
const MAX_STEPS = 60;

/**
 * Issue 13 renewals (renewals.ts): what falls due for a store at its billing time, in order:
 * a pause's end (resume), the "trial ending soon" e-mail (trial-reminders.ts), a trial's end
 * (first invoice: paid → ACTIVE, declined → PAST_DUE), dunning retries at DUNNING_RETRY_DAYS
 * after the first failure (the last failed → UNPAID, the invoice handled by
 * DUNNING_FAILURE_HANDLING, plan Free), the period's end (cancel at the period's end → CANCELED
 * and Free; else the pending change, then a renewal invoice with the discount, if any). Each step claims its row with a compare-and-set so two runners never
 * charge twice. Then the credits whose grant expired by the store's billing time are written off
 * (`CreditsService.expireDue`, once per grant).
 */
export const createRenewals = ({
  db,
  clock,
  invoices,
  core,
  subscriptions,
  email,
  credits,
  log,
}: {
  db: Database;
  clock: BillingClockService;
  invoices: BillingInvoices;
  core: SubscriptionCore;
  subscriptions: Pick<SubscriptionsService, 'resumeAt'>;
  email: BillingEmail;
  credits: Pick<CreditsService, 'expireDue'>;
  log?: { warn(object: unknown, message: string): void };
}) => {
  const trialReminders = createTrialReminders({ db, core, email, log });

  /** Sets `values` only if the row still has the period end (and status) it was read with. */
  const claim = async (
    row: SubscriptionRow,
    values: Partial<typeof billingSubscriptions.$inferInsert>,
  ): Promise<SubscriptionRow | null> => {
    const [updated] = await db
      .update(billingSubscriptions)
      .set({ ...values, updatedAt: new Date() })
      .where(
        and(
          eq(billingSubscriptions.id, row.id),
          eq(billingSubscriptions.status, row.status),
          eq(billingSubscriptions.currentPeriodEnd, row.currentPeriodEnd),
          isNull(billingSubscriptions.endedAt),
        ),
      )
      .returning();
    return updated ?? null;
  };

  const safely = async (task: () => Promise<void>) => {
    try {
      await task();
    } catch (error) {
      log?.warn({ err: error }, 'billing e-mail not queued');
    }
  };

  /** Records a declined charge: PAST_DUE and the first retry scheduled. */
  const failed = async (
    row: SubscriptionRow,
    invoice: BillingInvoice,
    reason: string | null,
    at: Date,
  ) => {
    const retryAt = new Date(at.getTime() + DUNNING_RETRY_DAYS[0]! * DAY_MS);
    await invoices.scheduleRetry(row.storeId, invoice.id, retryAt);
    const updated = await core.update(row, { status: 'PAST_DUE' });
    await safely(() => email.paymentFailed(row.storeId, { invoice, reason, retryAt }));
    return updated;
  };

  /**
   * The cycle invoice of a new period: the discount applied and, as a plan-period invoice, one of
   * its invoices used up (also when the charge is declined: the open invoice keeps the discount
   * for its retries). No invoice (no card at all): nothing used up.
   */
  const chargePeriod = async (row: SubscriptionRow, start: Date, end: Date) => {
    const discount = discountOf(row, 'SUBSCRIPTION_CYCLE');
    const charged = await invoices
      .createAndChargeDetailed({
        storeId: row.storeId,
        subscriptionId: row.id,
        reason: 'SUBSCRIPTION_CYCLE',
        lines: core.periodLines(row.planType, row.interval, row.additionalSeats, { start, end }),
        currencyCode: row.currencyCode,
        periodStart: start,
        periodEnd: end,
        percentOff: discount.percentOff,
        discountLabel: discount.discountLabel,
        paymentMethodId: null,
        now: start,
      })
      .catch(async (error: unknown) => {
        // No card at all: an open invoice nobody can pay, handled like a decline.
        if (
          error instanceof Error &&
          'reason' in error &&
          error.reason === 'payment_method_required'
        ) {
          return null;
        }
        throw error;
      });
    if (charged && discount.usesInvoice) {
      row = await core.update(row, {
        discountInvoicesRemaining: (row.discountInvoicesRemaining ?? 0) - 1,
      });
    }
    return { row, charged };
  };

  /** One step of what is due at `now`; false when nothing is. */
  const step = async (storeId: string, now: Date): Promise<boolean> => {
    const row = await core.current(storeId);
    if (!row) return false;
    // A pause ends.
    if (row.pausedAt) {
      if (!row.resumesAt || row.resumesAt.getTime() > now.getTime()) return false;
      await subscriptions.resumeAt(row, row.resumesAt);
      return true;
    }
    // Dunning: the open invoice's next attempt.
    if (row.status === 'PAST_DUE') {
      const open = await invoices.findOpen(storeId, row.id);
      if (!open) {
        await core.update(row, { status: 'ACTIVE' });
        return true;
      }
      if (open.nextPaymentAttemptAt && new Date(open.nextPaymentAttemptAt) <= now) {
        const at = new Date(open.nextPaymentAttemptAt);
        const retried = await invoices.retryDetailed(storeId, open.id, at);
        if (retried.invoice.status === 'PAID') {
          const updated = await core.update(row, { status: 'ACTIVE' });
          await core.settle(storeId, updated, at);
          return true;
        }
        const retriesDone = retried.invoice.attemptCount - 1;
        const firstFailure = new Date(at.getTime() - DUNNING_RETRY_DAYS[retriesDone - 1]! * DAY_MS);
        if (retriesDone < DUNNING_RETRY_DAYS.length) {
          const retryAt = new Date(
            firstFailure.getTime() + DUNNING_RETRY_DAYS[retriesDone]! * DAY_MS,
          );
          await invoices.scheduleRetry(storeId, open.id, retryAt);
          await safely(() =>
            email.paymentFailed(storeId, {
              invoice: retried.invoice,
              reason: retried.failureReason,
              retryAt,
            }),
          );
          return true;
        }
        await invoices.giveUp(storeId, open.id, DUNNING_FAILURE_HANDLING);
        const unpaid = await core.update(row, { status: 'UNPAID' });
        await core.settle(storeId, unpaid, at);
        await safely(() =>
          email.paymentFailed(storeId, {
            invoice: retried.invoice,
            reason: retried.failureReason,
            retryAt: null,
          }),
        );
        return true;
      }
      if (open.nextPaymentAttemptAt) return false;
    }
    if (row.status === 'UNPAID') return false;
    if (await trialReminders.remindIfDue(row, now)) return true;
    // A trial or a period ends.
    const end =
      row.status === 'TRIALING' && row.trialEndsAt ? row.trialEndsAt : row.currentPeriodEnd;
    if (end.getTime() > now.getTime()) return false;
    if (row.cancelAtPeriodEnd) {
      const ended = await claim(row, { status: 'CANCELED', endedAt: end });
      if (!ended) return true;
      await core.settle(storeId, null, end);
      await safely(() =>
        email.subscriptionCanceled(storeId, { planType: row.planType, endedAt: end }),
      );
      return true;
    }
    const { planType, interval, additionalSeats } = renewalOf(row);
    const periodEnd = addInterval(end, interval);
    const wasTrial = row.status === 'TRIALING';
    const claimed = await claim(row, {
      status: 'ACTIVE',
      planType,
      interval,
      additionalSeats,
      unitAmount: core.unitAmountOf(planType, interval, additionalSeats),
      pendingPlanType: null,
      pendingInterval: null,
      currentPeriodStart: end,
      currentPeriodEnd: periodEnd,
    });
    if (!claimed) return true;
    const { row: renewed, charged } = await chargePeriod(claimed, end, periodEnd);
    if (!charged || charged.invoice.status !== 'PAID') {
      if (charged) await failed(renewed, charged.invoice, charged.failureReason, end);
      else await core.update(renewed, { status: 'PAST_DUE' });
    } else if (wasTrial) {
      await safely(() => email.trialEnded(storeId, { planType, invoice: charged.invoice }));
    } else {
      await safely(() => email.renewalReceipt(storeId, { planType, invoice: charged.invoice }));
    }
    await core.settle(storeId, await core.current(storeId), end);
    return true;
  };

  const renewals = {
    /** Runs everything due for one store at its billing time (the test clock and the sweeper). */
    async runDue(storeId: string): Promise<number> {
      return withStoreLock(storeId, async () => {
        const now = await clock.now(storeId);
        let steps = 0;
        while (steps < MAX_STEPS && (await step(storeId, now))) steps += 1;
        return steps + (await credits.expireDue(storeId, now));
      });
    },

    /** Stores with something due at their billing time (server time + each store's offset). */
    async dueStoreIds(serverNow: Date): Promise<string[]> {
      const storeNow = sql`(${serverNow.toISOString()}::timestamptz + coalesce(${billingAccounts.clockOffsetMs}, 0) * interval '1 millisecond')`;
      const rows = await db
        .selectDistinct({ storeId: billingSubscriptions.storeId })
        .from(billingSubscriptions)
        .leftJoin(billingAccounts, eq(billingAccounts.storeId, billingSubscriptions.storeId))
        .where(
          and(
            isNull(billingSubscriptions.endedAt),
            inArray(billingSubscriptions.status, ['ACTIVE', 'TRIALING', 'PAST_DUE']),
            sql`(
              (${billingSubscriptions.pausedAt} is null and ${billingSubscriptions.currentPeriodEnd} <= ${storeNow})
              or (${billingSubscriptions.pausedAt} is null and ${billingSubscriptions.trialEndsAt} <= ${storeNow} and ${billingSubscriptions.status} = 'TRIALING')
              or (${billingSubscriptions.resumesAt} <= ${storeNow})
              or ${trialReminders.dueAt(storeNow)}
              or exists (select 1 from ${billingInvoices} where ${billingInvoices.subscriptionId} = ${billingSubscriptions.id}
                and ${billingInvoices.status} = 'OPEN' and ${billingInvoices.nextPaymentAttemptAt} <= ${storeNow})
            )`,
          ),
        );
      // Stores with a grant expired at their billing time and not yet written off.
      const expiring = await db
        .selectDistinct({ storeId: creditEntries.storeId })
        .from(creditEntries)
        .leftJoin(billingAccounts, eq(billingAccounts.storeId, creditEntries.storeId))
        .where(
          and(
            eq(creditEntries.kind, 'GRANT'),
            sql`${creditEntries.expiresAt} <= ${storeNow}`,
            sql`not exists (select 1 from ${creditEntries} as written_off
              where written_off.store_id = ${creditEntries.storeId}
                and written_off.idempotency_key = 'expiry:' || ${creditEntries.id})`,
          ),
        );
      return [...new Set([...rows, ...expiring].map((row) => row.storeId))];
    },

    /** The sweeper's run: every store with something due. Returns the stores handled. */
    async sweep(serverNow: Date): Promise<number> {
      const storeIds = await renewals.dueStoreIds(serverNow);
      for (const storeId of storeIds) {
        try {
          await renewals.runDue(storeId);
        } catch (error) {
          log?.warn({ err: error, storeId }, 'billing renewal failed; retried next sweep');
        }
      }
      return storeIds.length;
    },
  };
  return renewals;
};
export type Renewals = ReturnType<typeof createRenewals>;
