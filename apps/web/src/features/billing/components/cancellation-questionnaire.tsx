import { Alert, Button, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck, IconDiscount } from '@tabler/icons-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { Subscription } from '@atelier/contract/billing/billing-api';
import {
  BOOK_A_CALL_CHOICES,
  CANCELLATION_RATINGS,
  CANCELLATION_REASONS,
  CANCELLATION_STEPS,
  type CancellationAnswers,
  type CancellationOutcome,
  type CancellationStep,
  OFFER_CHOICES,
  SAMPLES_NOT_ORDERED_REASONS,
} from '@atelier/contract/billing/cancellation';
import {
  BOOK_A_CALL_RESPONSE_HOURS,
  CANCELLATION_OFFER_INVOICES,
  CANCELLATION_OFFER_PERCENT_OFF,
} from '@atelier/contract/billing/subscription';
import { PLAN_NAMES } from '@atelier/contract/identity/plans';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { useCancelSubscription, useUndoCancel } from '../api/billing-queries';
import { formatBillingDate } from './plan-picker';

type Answers = {
  reason: CancellationAnswers['reason'] | null;
  rating: CancellationAnswers['rating'];
  bookACall: CancellationAnswers['bookACall'];
  samplesNotOrdered: CancellationAnswers['samplesNotOrdered'];
  offer: CancellationAnswers['offer'];
  suggestions: string;
};

const NO_ANSWERS: Answers = {
  reason: null,
  rating: null,
  bookACall: null,
  samplesNotOrdered: null,
  offer: null,
  suggestions: '',
};

type ChoiceStep = Exclude<CancellationStep, 'suggestions' | 'confirm'>;

/** Each choice step's question and its choices (labels from the contract, in its order). */
const CHOICE_STEPS: Record<ChoiceStep, { question: string; choices: Record<string, string> }> = {
  reason: { question: 'Why do you want to cancel?', choices: CANCELLATION_REASONS },
  rating: {
    question: 'How likely are you to recommend Atelier to a friend, from 0 to 10?',
    choices: CANCELLATION_RATINGS,
  },
  bookACall: {
    question: 'Would you like to book a call with us to get unstuck?',
    choices: BOOK_A_CALL_CHOICES,
  },
  samplesNotOrdered: {
    question: "Why haven't you ordered samples yet?",
    choices: SAMPLES_NOT_ORDERED_REASONS,
  },
  offer: {
    question: `Stay with ${CANCELLATION_OFFER_PERCENT_OFF}% off your next ${CANCELLATION_OFFER_INVOICES} invoices?`,
    choices: OFFER_CHOICES,
  },
};

const isChoiceStep = (step: CancellationStep): step is ChoiceStep => step in CHOICE_STEPS;

/**
 * The answers as the server takes them: every step after the one where the questionnaire ended
 * is null (spec §4: the call or the offer taken ends it early).
 */
const toSubmitted = (
  answers: Answers & { reason: CancellationAnswers['reason'] },
  endedAt: CancellationStep,
): CancellationAnswers => {
  const reached = (step: CancellationStep) =>
    CANCELLATION_STEPS.indexOf(step) <= CANCELLATION_STEPS.indexOf(endedAt);
  const suggestions = answers.suggestions.trim();
  return {
    reason: answers.reason,
    rating: reached('rating') ? answers.rating : null,
    bookACall: reached('bookACall') ? answers.bookACall : null,
    samplesNotOrdered: reached('samplesNotOrdered') ? answers.samplesNotOrdered : null,
    offer: reached('offer') ? answers.offer : null,
    suggestions: reached('suggestions') && suggestions ? suggestions : null,
  };
};

type CancellationQuestionnaireProps = {
  /** The subscription being canceled: its plan and the end of its period. */
  subscription: Subscription;
  /** Back from step 1 (to the plan modal's cancel confirmation). */
  onExit: () => void;
  /** Closes the modal from an outcome. */
  onDone: () => void;
  /** From the booked call's confirmation back to the plan (the modal's overview). */
  onBackToPlan: () => void;
  /** Tells the modal how it ended, e.g. for its title. */
  onOutcome?: (outcome: CancellationOutcome) => void;
};

/**
 * Spec §4 cancellation questionnaire, seven steps in order with Back and Next: reason, rating,
 * book a call ("Yes" ends it: the call is booked with the answers and we call back within 24
 * hours; nothing is canceled), why no samples, the 40 % offer ("Yes" ends it with the discount
 * applied), suggestions, and the Cancel subscription button (cancels at the period's end; Undo
 * keeps the plan). The server's answer decides the outcome shown. The spec names no page for
 * the call, so its outcome is a confirmation that leads back to the plan.
 */
export const CancellationQuestionnaire = ({
  subscription,
  onExit,
  onDone,
  onBackToPlan,
  onOutcome,
}: CancellationQuestionnaireProps) => {
  const [stepIndex, setStepIndex] = useState(0);
  const [answers, setAnswers] = useState<Answers>(NO_ANSWERS);
  const cancel = useCancelSubscription();
  const undo = useUndoCancel();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step = CANCELLATION_STEPS[stepIndex] ?? 'reason';
  const result = cancel.data;

  // Each step (and the outcome) is announced: focus moves to its heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, [stepIndex, result]);

  const submit = (endedAt: CancellationStep) => {
    const { reason } = answers;
    // Step 1 lets no one past without a reason; nothing is sent without one.
    if (reason === null) return;
    cancel.mutate(toSubmitted({ ...answers, reason }, endedAt), {
      onSuccess: (response) => onOutcome?.(response.outcome),
    });
  };

  if (result) {
    return (
      <CancellationOutcomeView
        outcome={result.outcome}
        subscription={result.subscription}
        headingRef={headingRef}
        undo={{
          isPending: undo.isPending,
          isDone: undo.isSuccess,
          error: undo.error?.message ?? null,
          run: () => undo.mutate(),
        }}
        onDone={onDone}
        onBackToPlan={onBackToPlan}
      />
    );
  }

  const choice = isChoiceStep(step) ? answers[step] : null;
  const endsHere =
    (step === 'bookACall' && answers.bookACall === 'YES') ||
    (step === 'offer' && answers.offer === 'YES');
  const canGoOn = !isChoiceStep(step) || choice !== null;
  const goBack = () => (stepIndex === 0 ? onExit() : setStepIndex(stepIndex - 1));

  return (
    <Stack gap="md" data-testid="cancellation-questionnaire">
      <Text size="sm" c="dimmed">
        Step {stepIndex + 1} of {CANCELLATION_STEPS.length}
      </Text>
      {isChoiceStep(step) ? (
        <Radio.Group
          value={choice}
          onChange={(value) => setAnswers({ ...answers, [step]: value })}
          label={
            <Title order={3} fz="h5" ref={headingRef} tabIndex={-1}>
              {CHOICE_STEPS[step].question}
            </Title>
          }
        >
          <Stack gap="xs" mt="sm">
            {Object.entries(CHOICE_STEPS[step].choices).map(([value, label]) => (
              <Radio key={value} value={value} label={label} />
            ))}
          </Stack>
        </Radio.Group>
      ) : step === 'suggestions' ? (
        <Stack gap="xs">
          <Title order={3} fz="h5" ref={headingRef} tabIndex={-1}>
            What could we do better?
          </Title>
          <Textarea
            label="Your suggestions (optional)"
            autosize
            minRows={3}
            maxLength={2000}
            value={answers.suggestions}
            onChange={(event) => setAnswers({ ...answers, suggestions: event.currentTarget.value })}
          />
        </Stack>
      ) : (
        <Stack gap="xs">
          <Title order={3} fz="h5" ref={headingRef} tabIndex={-1}>
            Cancel your subscription
          </Title>
          <Text size="sm">
            Your {PLAN_NAMES[subscription.planType]} plan keeps working until{' '}
            <strong>{formatBillingDate(subscription.currentPeriodEnd)}</strong>; nothing more is
            charged. Then your store moves to Free. Until that day you can undo this.
          </Text>
        </Stack>
      )}
      {step === 'bookACall' && answers.bookACall === 'YES' ? (
        <Text size="sm" c="dimmed">
          We&apos;ll call you within {BOOK_A_CALL_RESPONSE_HOURS} hours. Nothing is canceled.
        </Text>
      ) : null}
      <FormErrorAlert message={cancel.error?.message ?? null} />
      <Group justify="space-between">
        <Button variant="default" onClick={goBack} disabled={cancel.isPending}>
          Back
        </Button>
        {step === 'confirm' ? (
          <Button color="red" loading={cancel.isPending} onClick={() => submit('confirm')}>
            Cancel subscription
          </Button>
        ) : endsHere ? (
          <Button loading={cancel.isPending} onClick={() => submit(step)}>
            {step === 'bookACall' ? 'Book a call' : 'Take the offer'}
          </Button>
        ) : (
          <Button disabled={!canGoOn} onClick={() => setStepIndex(stepIndex + 1)}>
            Next
          </Button>
        )}
      </Group>
    </Stack>
  );
};

type OutcomeViewProps = {
  outcome: CancellationOutcome;
  subscription: Subscription;
  headingRef: RefObject<HTMLHeadingElement | null>;
  undo: { isPending: boolean; isDone: boolean; error: string | null; run: () => void };
  onDone: () => void;
  onBackToPlan: () => void;
};

/** How the questionnaire ended, as the server answered it. */
const CancellationOutcomeView = ({
  outcome,
  subscription,
  headingRef,
  undo,
  onDone,
  onBackToPlan,
}: OutcomeViewProps) => {
  const discount = subscription.discount;
  const heading =
    outcome === 'BOOK_A_CALL'
      ? 'Your call is booked'
      : outcome === 'OFFER_TAKEN'
        ? 'Your discount is applied'
        : undo.isDone
          ? 'Your plan continues'
          : 'Your subscription is canceled';
  return (
    <Stack gap="md" data-testid="cancellation-outcome">
      <Title order={3} fz="h5" ref={headingRef} tabIndex={-1}>
        {heading}
      </Title>
      {outcome === 'BOOK_A_CALL' ? (
        <Alert color="blue" icon={<IconCalendarEvent size={18} />}>
          <Text size="sm">
            We&apos;ll call you within {BOOK_A_CALL_RESPONSE_HOURS} hours to help you get unstuck.
            Nothing was canceled: your {PLAN_NAMES[subscription.planType]} plan continues.
          </Text>
        </Alert>
      ) : outcome === 'OFFER_TAKEN' ? (
        <Alert color="green" icon={<IconDiscount size={18} />}>
          <Text size="sm">
            {discount?.percentOff ?? CANCELLATION_OFFER_PERCENT_OFF}% off your next{' '}
            {discount?.invoicesRemaining ?? CANCELLATION_OFFER_INVOICES} invoices. Your{' '}
            {PLAN_NAMES[subscription.planType]} plan continues; nothing was canceled.
          </Text>
        </Alert>
      ) : undo.isDone ? (
        <Alert color="green" icon={<IconCircleCheck size={18} />}>
          <Text size="sm">
            The cancellation is undone: your {PLAN_NAMES[subscription.planType]} plan renews as
            before.
          </Text>
        </Alert>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            Your {PLAN_NAMES[subscription.planType]} plan ends on{' '}
            <strong>{formatBillingDate(subscription.currentPeriodEnd)}</strong>. Until then
            everything keeps working; after it your store is on Free.
          </Text>
          <Text size="sm">Changed your mind? Undo keeps your plan as it is.</Text>
          <FormErrorAlert message={undo.error} />
          <Group>
            <Button variant="light" onClick={undo.run} loading={undo.isPending}>
              Undo
            </Button>
          </Group>
        </Stack>
      )}
      <Group justify="flex-end">
        {outcome === 'BOOK_A_CALL' ? (
          <Button onClick={onBackToPlan}>Back to my plan</Button>
        ) : (
          <Button onClick={onDone}>Done</Button>
        )}
      </Group>
    </Stack>
  );
};
