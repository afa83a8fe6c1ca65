import { Alert, Button, Group, Loader, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type {
  BillingInvoice,
  BillingOverview,
  PlanChangePreview,
  Subscription,
} from '@atelier/contract/billing/billing-api';
import type { BillingInterval, Plan } from '@atelier/contract/billing/plans';
import { PLAN_NAMES, type PlanType } from '@atelier/contract/identity/plans';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import {
  useBillingPlans,
  useChangePlan,
  usePaymentMethods,
  usePlanChangePreview,
} from '../api/billing-queries';
import { NewCard } from './new-card';
import {
  formatBillingAmount,
  formatBillingDate,
  formatPlanPrice,
  INTERVAL_LABELS,
  PlanPicker,
} from './plan-picker';

export type PlanChoice = { planType: PlanType; interval: BillingInterval };

type PreviewPanelProps = { preview: PlanChangePreview; plan: Plan | undefined };

/**
 * What the change costs and when: the amount charged now with its proration (credit for the
 * unused time, charge for the rest of the period, the subscription's discount), the trial, or the
 * date a downgrade or cycle change takes effect.
 */
const PreviewPanel = ({ preview, plan }: PreviewPanelProps) => {
  const money = (amount: number) => formatBillingAmount(amount, preview.currencyCode);
  const price = plan
    ? formatPlanPrice(plan.prices[preview.interval], plan.currencyCode, preview.interval)
    : '';
  if (preview.kind === 'NONE') {
    return <Text size="sm">This is your plan and billing cycle now: nothing changes.</Text>;
  }
  return (
    <Stack gap="xs" data-testid="plan-change-preview">
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {preview.kind === 'UPGRADE' ? (
            <>
              <Table.Tr>
                <Table.Th w="60%">Rest of this period on {PLAN_NAMES[preview.planType]}</Table.Th>
                <Table.Td data-testid="preview-charge">{money(preview.charge)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th w="60%">Credit for the unused time of your plan</Table.Th>
                <Table.Td data-testid="preview-credit">−{money(preview.credit)}</Table.Td>
              </Table.Tr>
              {preview.discount ? (
                <Table.Tr>
                  <Table.Th w="60%">{`${preview.discount.code}: ${preview.discount.percentOff}% off`}</Table.Th>
                  <Table.Td data-testid="preview-discount">
                    −{money(preview.discount.amount)}
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </>
          ) : null}
          <Table.Tr>
            <Table.Th w="60%">Charged now</Table.Th>
            <Table.Td data-testid="preview-due-now" fw={700}>
              {money(preview.amountDueNow)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm" data-testid="preview-effect">
        {preview.kind === 'START'
          ? preview.trialDays > 0
            ? `Your ${preview.trialDays}-day free trial starts today; then ${price}, charged to your card.`
            : `Starts today at ${price}.`
          : preview.kind === 'UPGRADE'
            ? `Takes effect now; from your next renewal you pay ${price}.`
            : `Nothing is charged now. The change takes effect on ${formatBillingDate(preview.effectiveAt)}, at the end of your current period; until then your plan stays as it is.`}
      </Text>
    </Stack>
  );
};

const confirmLabelOf = (preview: PlanChangePreview): string => {
  const plan = PLAN_NAMES[preview.planType];
  switch (preview.kind) {
    case 'START':
      return preview.trialDays > 0 ? `Start ${plan} trial` : `Start ${plan}`;
    case 'UPGRADE':
      return `Upgrade and pay ${formatBillingAmount(preview.amountDueNow, preview.currencyCode)}`;
    case 'DOWNGRADE':
      return `Move to ${plan} on ${formatBillingDate(preview.effectiveAt)}`;
    case 'CYCLE_CHANGE':
      return `Switch to ${INTERVAL_LABELS[preview.interval].toLowerCase()} on ${formatBillingDate(preview.effectiveAt)}`;
    case 'NONE':
      return 'Nothing to change';
  }
};

/** What happened, for the modal's "confirmed" step. */
export type ChangeResult = { subscription: Subscription; invoice: BillingInvoice | null };

type PlanChangeStepProps = {
  overview: BillingOverview;
  initialChoice: PlanChoice;
  onBack: () => void;
  onChanged: (result: ChangeResult) => void;
};

const newKey = () => globalThis.crypto.randomUUID();

/**
 * Spec §4 manage plan: the plan and cycle, the server's preview of what it costs now or when it
 * takes effect (or why it cannot be done), a card first when a paid plan needs one, then the
 * change. One Idempotency-Key per choice: a retry of the same choice never charges twice.
 */
export const PlanChangeStep = ({
  overview,
  initialChoice,
  onBack,
  onChanged,
}: PlanChangeStepProps) => {
  const [choice, setChoice] = useState<PlanChoice>(initialChoice);
  const plans = useBillingPlans();
  const preview = usePlanChangePreview(choice);
  const paymentMethods = usePaymentMethods();
  const change = useChangePlan();
  const attempt = useRef({ choice: '', key: newKey() });

  const current = overview.subscription
    ? { planType: overview.subscription.planType, interval: overview.subscription.interval }
    : null;
  const plan = plans.data?.plans.find((entry) => entry.planType === choice.planType);
  const previewData = preview.data;
  const isPaidStart =
    previewData !== undefined &&
    (previewData.kind === 'START' || previewData.kind === 'UPGRADE') &&
    (plan?.prices[choice.interval] ?? 0) > 0;
  const needsCard = isPaidStart && paymentMethods.data?.items.length === 0;

  const choose = (next: PlanChoice) => {
    change.reset();
    setChoice(next);
  };

  const confirm = () => {
    const choiceText = `${choice.planType}:${choice.interval}`;
    if (attempt.current.choice !== choiceText)
      attempt.current = { choice: choiceText, key: newKey() };
    change.mutate(
      { body: choice, idempotencyKey: attempt.current.key },
      {
        onSuccess: (result) => {
          attempt.current = { choice: '', key: newKey() };
          onChanged(result);
        },
        // A refusal is an answer (the server stores nothing for it): the next try is a new
        // attempt with a new key. Without an answer (network), the retry keeps the key, and the
        // server replays the first answer instead of charging twice.
        onError: (error) => {
          if (!isApiError(error) || error.status !== null) {
            attempt.current = { choice: '', key: newKey() };
          }
        },
      },
    );
  };

  if (plans.isPending) return <Skeleton h={240} />;
  if (plans.isError) {
    return <LoadError message={plans.error.message} onRetry={() => void plans.refetch()} />;
  }

  return (
    <Stack gap="md">
      <PlanPicker
        plans={plans.data.plans}
        planType={choice.planType}
        interval={choice.interval}
        current={current}
        onChange={choose}
        isDisabled={change.isPending}
      />
      <div aria-live="polite">
        {preview.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Working out what this costs…
            </Text>
          </Group>
        ) : preview.isError ? (
          <LoadError message={preview.error.message} onRetry={() => void preview.refetch()} />
        ) : (
          <Stack gap="sm">
            {preview.data.blockedReason ? (
              <Alert
                color="red"
                icon={<IconAlertCircle size={18} />}
                title="This change cannot be made"
                data-testid="preview-blocked"
              >
                {preview.data.blockedReason}
              </Alert>
            ) : null}
            <PreviewPanel preview={preview.data} plan={plan} />
          </Stack>
        )}
      </div>
      {needsCard ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            A paid plan is charged to a card: add one first.
          </Text>
          <NewCard isFirstCard onDone={() => void paymentMethods.refetch()} />
        </Stack>
      ) : null}
      <FormErrorAlert message={change.error?.message ?? null} />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={change.isPending}>
          Back
        </Button>
        {previewData ? (
          <Button
            onClick={confirm}
            loading={change.isPending}
            disabled={
              previewData.kind === 'NONE' ||
              previewData.blockedReason !== null ||
              needsCard ||
              (isPaidStart && paymentMethods.isPending)
            }
          >
            {confirmLabelOf(previewData)}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
};
