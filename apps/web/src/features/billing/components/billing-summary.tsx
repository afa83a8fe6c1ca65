import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { BillingOverview, Subscription } from '@atelier/contract/billing/billing-api';
import {
  SUBSCRIPTION_STATUS_LABELS,
  type SubscriptionStatus,
} from '@atelier/contract/billing/subscription';
import { PLAN_NAMES } from '@atelier/contract/identity/plans';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import {
  useBillingInvoices,
  useBillingOverview,
  useResumeSubscription,
  useRetryInvoice,
  useUndoCancel,
} from '../api/billing-queries';
import { formatAmount, formatBillingDate, INTERVAL_LABELS } from '../billing-format';
import { BillingSectionCard } from './billing-section-card';
import { managePlanHref } from './manage-plan-modal-search';

const STATUS_COLORS: Readonly<Record<SubscriptionStatus, string>> = {
  ACTIVE: 'green',
  TRIALING: 'indigo',
  PAST_DUE: 'orange',
  UNPAID: 'red',
  CANCELED: 'gray',
  INCOMPLETE: 'orange',
  INCOMPLETE_EXPIRED: 'gray',
};

const errorText = (error: unknown): string =>
  isApiError(error) ? error.message : 'Something went wrong. Try again.';

/** Spec §4 status badge: Paused wins over the status while the pause lasts. */
const StatusBadge = ({ subscription }: { subscription: Subscription | null }) => {
  if (!subscription) {
    return (
      <Badge variant="light" color="gray" tt="none">
        No subscription
      </Badge>
    );
  }
  if (subscription.isPaused) {
    return (
      <Badge variant="light" color="yellow" tt="none">
        Paused
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={STATUS_COLORS[subscription.status]} tt="none">
      {SUBSCRIPTION_STATUS_LABELS[subscription.status]}
    </Badge>
  );
};

/** One fact of the summary: a label and its value. */
const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm" ta="right" component="div">
      {children}
    </Text>
  </Group>
);

/**
 * Spec §4 payment problem (PAST_DUE or UNPAID): what failed and a retry of the open invoice with
 * the default card.
 */
const PaymentProblemAlert = ({
  subscription,
  canManage,
}: {
  subscription: Subscription;
  canManage: boolean;
}) => {
  const invoices = useBillingInvoices();
  const retry = useRetryInvoice();
  const [outcome, setOutcome] = useState<string | null>(null);
  const openInvoice = invoices.data?.items.find((invoice) => invoice.status === 'OPEN');

  const handleRetry = () => {
    if (!openInvoice) return;
    setOutcome(null);
    retry.mutate(openInvoice.id, {
      onSuccess: (invoice) =>
        setOutcome(
          invoice.status === 'PAID'
            ? 'Payment received. Thank you.'
            : 'The payment failed again. Add or choose another card, then retry.',
        ),
      onError: (error) => setOutcome(errorText(error)),
    });
  };

  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={subscription.status === 'UNPAID' ? 'Your subscription is unpaid' : 'A payment failed'}
      data-testid="payment-problem-alert"
    >
      <Stack gap="xs">
        <Text size="sm">
          {openInvoice
            ? `We could not charge ${formatAmount(
                openInvoice.total - openInvoice.amountPaid,
                openInvoice.currencyCode,
              )} for invoice ${openInvoice.number}.`
            : 'We could not charge your card for the last invoice.'}{' '}
          {subscription.status === 'UNPAID'
            ? 'Your paid features are stopped.'
            : 'Update your card or retry the payment to keep your plan.'}
          {openInvoice
            ? ''
            : ' Add a card that works under Payment methods, then choose your plan again with Manage plan.'}
        </Text>
        {openInvoice?.nextPaymentAttemptAt ? (
          <Text size="sm">
            Next automatic attempt: {formatBillingDate(openInvoice.nextPaymentAttemptAt)}.
          </Text>
        ) : null}
        {canManage && openInvoice ? (
          <Group>
            <Button size="xs" color="red" loading={retry.isPending} onClick={handleRetry}>
              Retry payment
            </Button>
          </Group>
        ) : null}
        {outcome ? (
          <Text size="sm" role="status">
            {outcome}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
};

const SubscriptionFacts = ({
  overview,
  subscription,
  canManage,
}: {
  overview: BillingOverview;
  subscription: Subscription;
  canManage: boolean;
}) => {
  const resume = useResumeSubscription();
  const undoCancel = useUndoCancel();
  const { pendingChange, discount } = subscription;
  const isEnded = subscription.status === 'CANCELED' || subscription.endedAt !== null;
  const actionError = resume.error ?? undoCancel.error;

  return (
    <Stack gap="xs">
      <Fact label="Billing">
        {INTERVAL_LABELS[subscription.interval]},{' '}
        {formatAmount(subscription.unitAmount, subscription.currencyCode)} per{' '}
        {subscription.interval === 'YEAR' ? 'year' : 'month'}
      </Fact>
      {subscription.isPaused ? (
        <Fact label="Pause">
          {subscription.resumesAt
            ? `Resumes on ${formatBillingDate(subscription.resumesAt)}`
            : 'Until you resume it'}
        </Fact>
      ) : null}
      {subscription.status === 'TRIALING' && subscription.trialEndsAt ? (
        <Fact label="Trial ends">{formatBillingDate(subscription.trialEndsAt)}</Fact>
      ) : null}
      {overview.upcomingInvoice ? (
        <Fact label="Next invoice">
          {formatAmount(overview.upcomingInvoice.amountDue, overview.upcomingInvoice.currencyCode)}{' '}
          on {formatBillingDate(overview.upcomingInvoice.date)}
        </Fact>
      ) : null}
      {!isEnded && subscription.cancelAtPeriodEnd ? (
        <Fact label="Ends">{formatBillingDate(subscription.currentPeriodEnd)}</Fact>
      ) : null}
      {isEnded && subscription.endedAt ? (
        <Fact label="Ended">{formatBillingDate(subscription.endedAt)}</Fact>
      ) : null}
      {pendingChange ? (
        <Fact label="Pending change">
          {PLAN_NAMES[pendingChange.planType]},{' '}
          {INTERVAL_LABELS[pendingChange.interval].toLowerCase()} from{' '}
          {formatBillingDate(pendingChange.effectiveAt)}
        </Fact>
      ) : null}
      {discount ? (
        <Fact label="Discount">
          {discount.code}: {discount.percentOff} % off the next{' '}
          {discount.invoicesRemaining === 1 ? 'invoice' : `${discount.invoicesRemaining} invoices`}
        </Fact>
      ) : null}
      {canManage && subscription.isPaused ? (
        <Button
          variant="light"
          size="xs"
          loading={resume.isPending}
          onClick={() => resume.mutate()}
        >
          Resume now
        </Button>
      ) : null}
      {canManage && !isEnded && subscription.cancelAtPeriodEnd ? (
        <Button
          variant="light"
          size="xs"
          loading={undoCancel.isPending}
          onClick={() => undoCancel.mutate()}
        >
          Keep my subscription
        </Button>
      ) : null}
      {actionError ? (
        <Text size="sm" c="red" role="alert">
          {errorText(actionError)}
        </Text>
      ) : null}
    </Stack>
  );
};

type BillingSummaryProps = {
  /** OWNER and ADMIN change billing; others only read it. */
  canManage: boolean;
};

/**
 * Spec §4 on /account-info (`#billing`, where /billing-and-reporting lands): the plan, its status
 * (Paused with the resume date, a payment problem with a retry), the next invoice, the trial's
 * end, a pending change, a discount, and "Manage plan" (the plan modal, `?dialog=manage_plan`).
 */
export const BillingSummary = ({ canManage }: BillingSummaryProps) => {
  const overview = useBillingOverview();

  return (
    <BillingSectionCard
      id="billing"
      title="Plan and billing"
      description={canManage ? undefined : 'Only the owner and admins change billing.'}
    >
      {overview.isPending ? (
        <Stack gap="sm" aria-label="Loading the plan">
          <Skeleton h={32} w="60%" />
          <Skeleton h={20} />
          <Skeleton h={20} />
          <Skeleton h={36} />
        </Stack>
      ) : overview.isError ? (
        <LoadError
          message="Your plan and billing could not be loaded."
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <Text size="xs" tt="uppercase" fw={600} c="dimmed">
                Your plan
              </Text>
              <Title order={3} fz="h3" data-testid="plan-name">
                {PLAN_NAMES[overview.data.planType]}
              </Title>
            </Stack>
            <StatusBadge subscription={overview.data.subscription} />
          </Group>
          {overview.data.subscription?.hasPaymentProblem ? (
            <PaymentProblemAlert subscription={overview.data.subscription} canManage={canManage} />
          ) : null}
          {overview.data.subscription ? (
            <SubscriptionFacts
              overview={overview.data}
              subscription={overview.data.subscription}
              canManage={canManage}
            />
          ) : (
            <Text size="sm">
              {overview.data.planType === 'TIER_1'
                ? 'You are on the Free plan. Paid plans add modules, credits and team seats.'
                : `${PLAN_NAMES[overview.data.planType]} is given to this store by the platform's operator: nothing is charged. Starting a plan of your own replaces it.`}
            </Text>
          )}
          {canManage ? (
            <LinkButton href={managePlanHref(paths.accountInfo)} variant="filled">
              Manage plan
            </LinkButton>
          ) : null}
        </Stack>
      )}
    </BillingSectionCard>
  );
};
