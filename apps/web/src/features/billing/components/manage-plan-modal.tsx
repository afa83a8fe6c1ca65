import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { BillingOverview, Subscription } from '@atelier/contract/billing/billing-api';
import { addInterval, MAX_PAUSE_MONTHS } from '@atelier/contract/billing/subscription';
import { PLAN_NAMES, planUpgradeTarget, type PlanType } from '@atelier/contract/identity/plans';
import { PLAN_ORDER } from '@atelier/contract/billing/plans';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LoadError } from '@/components/ui/load-error';
import {
  useBillingOverview,
  usePauseSubscription,
  useReactivateSubscription,
  useResumeSubscription,
  useUndoCancel,
} from '../api/billing-queries';
import { CancellationQuestionnaire } from './cancellation-questionnaire';
import { type ChangeResult, type PlanChoice, PlanChangeStep } from './manage-plan-modal-change';
import type { ManagePlanRequest } from './manage-plan-modal-search';
import { SubscriptionSummary } from './manage-plan-modal-summary';
import { formatBillingAmount, formatBillingDate, INTERVAL_LABELS } from './plan-picker';

/** Spec §4 plan management flow: the modal's steps. */
export type ManagePlanStep =
  | 'overview'
  | 'manage'
  | 'verify-pause'
  | 'verify-cancel'
  | 'questionnaire'
  | 'plan-resumed'
  | 'confirmed';

const TITLES: Record<ManagePlanStep, string> = {
  overview: 'Manage your plan',
  manage: 'Choose a plan',
  'verify-pause': 'Pause your plan',
  'verify-cancel': 'Cancel your plan',
  questionnaire: 'Before you go',
  'plan-resumed': 'Plan resumed',
  confirmed: 'Request confirmed',
};

/** Pause lengths a store may choose: 1 to MAX_PAUSE_MONTHS (spec §9 0.25 years) months. */
export const PAUSE_MONTH_CHOICES: readonly number[] = Array.from(
  { length: MAX_PAUSE_MONTHS },
  (_, index) => index + 1,
);

/** "1 month", "2 months". */
const monthsText = (months: number) => (months === 1 ? '1 month' : `${months} months`);

const otherInterval = (interval: PlanChoice['interval']) =>
  interval === 'MONTH' ? 'YEAR' : 'MONTH';

/** The plan one tier below (Free stays Free). */
const planBelow = (planType: PlanType): PlanType =>
  PLAN_ORDER[Math.max(0, PLAN_ORDER.indexOf(planType) - 1)] ?? 'TIER_1';

/** The plan choice an entry of the address opens with, from the store's plan now. */
const initialChoiceOf = (request: ManagePlanRequest, overview: BillingOverview): PlanChoice => {
  const subscription = overview.subscription;
  const interval = subscription?.interval ?? 'MONTH';
  if (request.step === 'cycle-change') {
    return { planType: overview.planType, interval: request.interval ?? otherInterval(interval) };
  }
  if (request.step === 'downgrade') {
    return { planType: request.plan ?? planBelow(overview.planType), interval };
  }
  return {
    planType: request.plan ?? planUpgradeTarget(overview.planType) ?? overview.planType,
    interval: request.interval ?? interval,
  };
};

const stepOfRequest = (request: ManagePlanRequest): ManagePlanStep => {
  switch (request.step) {
    case 'overview':
      return 'overview';
    case 'pause':
      return 'verify-pause';
    case 'cancel':
      return 'verify-cancel';
    case 'manage':
    case 'cycle-change':
    case 'downgrade':
      return 'manage';
  }
};

/** Why the plan cannot be paused now (the server pauses ACTIVE plans only). */
const pauseRefusalOf = (subscription: Subscription | null): string =>
  subscription?.isPaused
    ? 'Your plan is paused already; resume it from the overview.'
    : subscription?.status === 'TRIALING'
      ? 'A trial cannot be paused; cancel it instead.'
      : subscription?.hasPaymentProblem
        ? 'Pay the open invoice before pausing.'
        : 'Only an active paid plan can be paused.';

type Confirmation = { title: string; message: ReactNode };

/** What a plan change did, in words (the charge, the trial, the date it takes effect). */
const changeConfirmation = ({ subscription, invoice }: ChangeResult): Confirmation => {
  const plan = PLAN_NAMES[subscription.planType];
  const pending = subscription.pendingChange;
  if (pending) {
    return {
      title: 'Change scheduled',
      message: `Your plan moves to ${PLAN_NAMES[pending.planType]}, ${INTERVAL_LABELS[pending.interval].toLowerCase()}, on ${formatBillingDate(pending.effectiveAt)}. Nothing was charged.`,
    };
  }
  const charged =
    invoice && invoice.total > 0
      ? ` ${formatBillingAmount(invoice.amountPaid || invoice.total, invoice.currencyCode)} was charged (invoice ${invoice.number}).`
      : '';
  const trial =
    subscription.status === 'TRIALING' && subscription.trialEndsAt
      ? ` Your trial runs until ${formatBillingDate(subscription.trialEndsAt)}.`
      : '';
  return {
    title: `You are on ${plan}`,
    message: `Your ${plan} plan is ${subscription.status === 'TRIALING' ? 'in its trial' : 'active'}.${trial}${charged}`,
  };
};

type LinkProps = { href: string; onNavigate: (href: string) => void; children: ReactNode };

/** A link of the app that closes the modal on its way. */
const ModalLink = ({ href, onNavigate, children }: LinkProps) => (
  <Anchor
    href={href}
    size="sm"
    onClick={(event: MouseEvent<HTMLAnchorElement>) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      onNavigate(href);
    }}
  >
    {children}
  </Anchor>
);

type OverviewActionsProps = {
  overview: BillingOverview;
  onManage: (choice: PlanChoice) => void;
  onStep: (step: ManagePlanStep) => void;
  onConfirmed: (confirmation: Confirmation) => void;
};

/**
 * The overview's actions for the subscription as it is: upgrade, change the billing cycle, pause
 * or cancel an active plan; resume a paused one; undo a cancellation; reactivate an ended one
 * with the REACTIVATE code; choose a plan when there is none.
 */
const OverviewActions = ({ overview, onManage, onStep, onConfirmed }: OverviewActionsProps) => {
  const resume = useResumeSubscription();
  const undo = useUndoCancel();
  const reactivate = useReactivateSubscription();
  const [code, setCode] = useState('');
  const subscription = overview.subscription;
  const upgradeTarget = planUpgradeTarget(overview.planType);
  const interval = subscription?.interval ?? 'MONTH';
  const error = resume.error ?? undo.error ?? reactivate.error;

  const upgradeButton = upgradeTarget ? (
    <Button onClick={() => onManage({ planType: upgradeTarget, interval })}>
      Upgrade to {PLAN_NAMES[upgradeTarget]}
    </Button>
  ) : null;

  let actions: ReactNode;
  if (!subscription || (!subscription.isActive && subscription.status !== 'CANCELED')) {
    actions = upgradeButton;
  } else if (subscription.status === 'CANCELED') {
    actions = (
      <Stack gap="xs" w="100%">
        <Group
          align="flex-end"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            reactivate.mutate(code.trim(), {
              onSuccess: (result) => onConfirmed(changeConfirmation(result)),
            });
          }}
        >
          <TextInput
            label="Reactivation code"
            description="A canceled plan comes back with its code, a few days after it ended."
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={reactivate.isPending} disabled={!code.trim()}>
            Reactivate
          </Button>
        </Group>
        <Group>{upgradeButton}</Group>
      </Stack>
    );
  } else if (subscription.isPaused) {
    actions = (
      <Button
        loading={resume.isPending}
        onClick={() => resume.mutate(undefined, { onSuccess: () => onStep('plan-resumed') })}
      >
        Resume now
      </Button>
    );
  } else if (subscription.cancelAtPeriodEnd) {
    actions = (
      <Button
        loading={undo.isPending}
        onClick={() =>
          undo.mutate(undefined, {
            onSuccess: (kept: Subscription) =>
              onConfirmed({
                title: 'Your plan continues',
                message: `The cancellation is undone: your ${PLAN_NAMES[kept.planType]} plan renews on ${formatBillingDate(kept.currentPeriodEnd)}.`,
              }),
          })
        }
      >
        Undo cancellation
      </Button>
    );
  } else {
    actions = (
      <>
        {upgradeButton}
        <Button
          variant="default"
          onClick={() =>
            onManage({ planType: overview.planType, interval: otherInterval(interval) })
          }
        >
          Change billing cycle
        </Button>
        {subscription.status === 'ACTIVE' ? (
          <Button variant="default" onClick={() => onStep('verify-pause')}>
            Pause
          </Button>
        ) : null}
        <Button variant="subtle" color="red" onClick={() => onStep('verify-cancel')}>
          Cancel plan
        </Button>
      </>
    );
  }
  return (
    <Stack gap="xs">
      <FormErrorAlert message={error?.message ?? null} />
      <Group gap="sm">{actions}</Group>
      {subscription?.isActive && !subscription.isPaused && !subscription.cancelAtPeriodEnd ? (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => onManage({ planType: overview.planType, interval })}
        >
          See every plan
        </Anchor>
      ) : null}
    </Stack>
  );
};

type PauseStepProps = {
  overview: BillingOverview;
  onBack: () => void;
  onPaused: (subscription: Subscription) => void;
};

/** Spec §4 verify pause: 1, 2 or 3 months, and the day the plan resumes. */
const PauseStep = ({ overview, onBack, onPaused }: PauseStepProps) => {
  const [months, setMonths] = useState(1);
  const pause = usePauseSubscription();
  const resumesAt = addInterval(new Date(overview.now), 'MONTH', months);
  return (
    <Stack gap="md">
      <Radio.Group
        label="How long should your plan pause?"
        description="Nothing is charged while it is paused, and paid features wait for you."
        value={String(months)}
        onChange={(value) => setMonths(Number(value))}
      >
        <Stack gap="xs" mt="xs">
          {PAUSE_MONTH_CHOICES.map((choice) => (
            <Radio key={choice} value={String(choice)} label={monthsText(choice)} />
          ))}
        </Stack>
      </Radio.Group>
      <Text size="sm" data-testid="pause-resume-date">
        Your plan resumes on <strong>{formatBillingDate(resumesAt)}</strong>.
      </Text>
      <FormErrorAlert message={pause.error?.message ?? null} />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={pause.isPending}>
          Back
        </Button>
        <Button
          loading={pause.isPending}
          // mutateAsync, not mutate's onSuccess: the overview refetched after the pause shows the
          // plan paused, which unmounts this step, and mutate's callbacks die with it.
          onClick={() => void pause.mutateAsync(months).then(onPaused, () => undefined)}
        >
          Pause for {monthsText(months)}
        </Button>
      </Group>
    </Stack>
  );
};

type ManagePlanModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Where it opens (from the address: `readManagePlanSearch`). */
  request: ManagePlanRequest;
  /**
   * Whether the user may change billing (the store's OWNER or an ADMIN). Others see the overview
   * only: the server refuses them (403), and a 403 ends the session in the API client.
   */
  canManage: boolean;
  /** Follows a link of the app; the modal closes first. */
  onNavigate: (href: string) => void;
  pricingHref?: string;
  billingHref?: string;
};

/**
 * Spec §4 plan management flow as ONE modal (dialog key `manage_plan`): overview (plan, status,
 * price, period end, next invoice; upgrade, billing cycle, pause, cancel), manage plan (the
 * preview of what is charged now or when it takes effect), verify pause, verify cancel (into the
 * seven-step questionnaire), plan resumed, and the confirmation of what was done.
 */
export const ManagePlanModal = ({
  opened,
  onClose,
  request,
  canManage,
  onNavigate,
  pricingHref = '/pricing',
  billingHref = '/account-info#billing',
}: ManagePlanModalProps) => {
  const overview = useBillingOverview();
  const [step, setStep] = useState<ManagePlanStep>(() =>
    canManage ? stepOfRequest(request) : 'overview',
  );
  const [choice, setChoice] = useState<PlanChoice | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const isFirstStep = useRef(true);

  // Keyboard users land in each new step (the modal focuses the first one itself; the
  // questionnaire focuses its own question).
  useEffect(() => {
    if (isFirstStep.current) {
      isFirstStep.current = false;
      return;
    }
    if (step === 'questionnaire') return;
    bodyRef.current
      ?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled]), a[href]')
      ?.focus();
  }, [step]);

  const navigate = (href: string) => {
    onClose();
    onNavigate(href);
  };
  const confirm = (next: Confirmation) => {
    setConfirmation(next);
    setStep('confirmed');
  };

  let body: ReactNode;
  if (overview.isPending) {
    body = <Skeleton h={220} data-testid="manage-plan-loading" />;
  } else if (overview.isError) {
    body = <LoadError message={overview.error.message} onRetry={() => void overview.refetch()} />;
  } else {
    const data = overview.data;
    const subscription = data.subscription;
    switch (step) {
      case 'overview':
        body = (
          <Stack gap="md">
            <SubscriptionSummary overview={data} />
            {canManage ? (
              <OverviewActions
                overview={data}
                onManage={(next) => {
                  setChoice(next);
                  setStep('manage');
                }}
                onStep={setStep}
                onConfirmed={confirm}
              />
            ) : (
              <Text size="sm" c="dimmed" data-testid="manage-plan-read-only">
                Only the store&apos;s owner or an admin can change the plan; ask them to upgrade,
                pause or cancel it.
              </Text>
            )}
            <Group gap="md">
              <ModalLink href={pricingHref} onNavigate={navigate}>
                Compare plans and fees
              </ModalLink>
              <ModalLink href={billingHref} onNavigate={navigate}>
                Invoices, cards and bundles
              </ModalLink>
            </Group>
          </Stack>
        );
        break;
      case 'manage':
        body = (
          <PlanChangeStep
            overview={data}
            initialChoice={choice ?? initialChoiceOf(request, data)}
            onBack={() => setStep('overview')}
            onChanged={(result) => confirm(changeConfirmation(result))}
          />
        );
        break;
      case 'verify-pause':
        body =
          subscription?.status === 'ACTIVE' && !subscription.isPaused ? (
            <PauseStep
              overview={data}
              onBack={() => setStep('overview')}
              onPaused={(paused) =>
                confirm({
                  title: 'Plan paused',
                  message: `Your plan is paused${paused.resumesAt ? ` until ${formatBillingDate(paused.resumesAt)}` : ''}. Nothing is charged until then; it resumes by itself, or earlier with Resume now.`,
                })
              }
            />
          ) : (
            <NothingToDo onBack={() => setStep('overview')}>
              {pauseRefusalOf(subscription)}
            </NothingToDo>
          );
        break;
      case 'verify-cancel':
        body =
          subscription?.isActive && !subscription.cancelAtPeriodEnd ? (
            <Stack gap="md">
              <Text size="sm">
                Your {PLAN_NAMES[subscription.planType]} plan keeps working until{' '}
                <strong>{formatBillingDate(subscription.currentPeriodEnd)}</strong>, then your store
                moves to Free. Seven short questions first help us do better; you can still keep
                your plan on the way.
              </Text>
              <Group justify="space-between">
                <Button variant="default" onClick={() => setStep('overview')}>
                  Keep my plan
                </Button>
                <Button color="red" variant="light" onClick={() => setStep('questionnaire')}>
                  Continue to cancel
                </Button>
              </Group>
            </Stack>
          ) : (
            <NothingToDo onBack={() => setStep('overview')}>
              There is no active plan to cancel.
            </NothingToDo>
          );
        break;
      case 'questionnaire':
        body = subscription ? (
          <CancellationQuestionnaire
            subscription={subscription}
            onExit={() => setStep('verify-cancel')}
            onDone={onClose}
            onBackToPlan={() => setStep('overview')}
          />
        ) : null;
        break;
      case 'plan-resumed':
        body = (
          <Stack gap="md">
            <Alert color="green" icon={<IconCircleCheck size={18} />}>
              Your plan is active again
              {subscription
                ? `; it renews on ${formatBillingDate(subscription.currentPeriodEnd)}`
                : ''}
              .
            </Alert>
            <Group justify="flex-end">
              <Button onClick={onClose}>Done</Button>
            </Group>
          </Stack>
        );
        break;
      case 'confirmed':
        body = (
          <Stack gap="md" data-testid="manage-plan-confirmed">
            <Alert color="green" icon={<IconCircleCheck size={18} />} title={confirmation?.title}>
              {confirmation?.message}
            </Alert>
            <SubscriptionSummary overview={data} />
            <Group justify="flex-end">
              <Button onClick={onClose}>Done</Button>
            </Group>
          </Stack>
        );
        break;
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={TITLES[step]} size="lg" centered>
      <div ref={bodyRef}>{body}</div>
    </Modal>
  );
};

const NothingToDo = ({ onBack, children }: { onBack: () => void; children: ReactNode }) => (
  <Stack gap="md">
    <Text size="sm">{children}</Text>
    <Group>
      <Button variant="default" onClick={onBack}>
        Back
      </Button>
    </Group>
  </Stack>
);
