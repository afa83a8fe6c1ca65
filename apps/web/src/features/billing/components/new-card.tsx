import { Alert, Button, Checkbox, Group, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { applyCardErrors } from '@/components/payment/card-form';
import { CardFields, fillTestCard, useCardForm } from '@/components/payment/card-fields';
import { StripeCardField, useStripeCard } from '@/components/payment/stripe-card-field';
import {
  type TestCard,
  TestProviderNotice,
  TEST_SAVED_CARDS_TEXT,
} from '@/components/payment/test-provider-notice';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/notify';
import { useAttachPaymentMethod, useCardPaymentConfig } from '../api/billing-queries';
import { cardTitleOf } from '../billing-format';

/** A refusal no card field took, as the message above the form (none when already shown). */
const saveErrorOf = (error: unknown): string | null => {
  if (!isApiError(error)) return 'The card was not saved. Try again.';
  return error.isHandled ? null : error.message;
};

type SaveCardFooterProps = {
  makeDefault: boolean;
  /** The first card is the default: the box is ticked and cannot be unticked. */
  isFirstCard: boolean;
  isSaving: boolean;
  isSaveDisabled?: boolean;
  onMakeDefaultChange: (makeDefault: boolean) => void;
  onCancel: () => void;
};

const SaveCardFooter = ({
  makeDefault,
  isFirstCard,
  isSaving,
  isSaveDisabled = false,
  onMakeDefaultChange,
  onCancel,
}: SaveCardFooterProps) => (
  <>
    <Checkbox
      label="Make this my default card"
      checked={makeDefault}
      disabled={isFirstCard}
      onChange={(event) => onMakeDefaultChange(event.currentTarget.checked)}
    />
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={isSaving} disabled={isSaveDisabled}>
        Save card
      </Button>
    </Group>
  </>
);

type CardFormProps = { isFirstCard: boolean; onDone: () => void };

/** The local provider's card: its test cards, then number, expiry and CVC. */
const TestCardForm = ({
  testCards,
  isFirstCard,
  onDone,
}: CardFormProps & { testCards: readonly TestCard[] }) => {
  const attach = useAttachPaymentMethod();
  const form = useCardForm();
  const [makeDefault, setMakeDefault] = useState(isFirstCard);
  const [formError, setFormError] = useState<string | null>(null);

  const handleSubmit = form.handleSubmit((paymentMethod) => {
    setFormError(null);
    attach.mutate(
      { paymentMethod, makeDefault },
      {
        onSuccess: (method) => {
          showSuccessToast(`${cardTitleOf(method)} saved.`);
          form.reset();
          onDone();
        },
        onError: (error) => {
          if (!applyCardErrors(error, form.setError)) setFormError(saveErrorOf(error));
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Add a card">
      <Stack gap="sm">
        <TestProviderNotice
          text={TEST_SAVED_CARDS_TEXT}
          testCards={{ cards: testCards, onUse: (number) => fillTestCard(form, number) }}
        />
        <FormErrorAlert message={formError} />
        <CardFields form={form} numberPlaceholder="4242 4242 4242 4242" stripe={null} />
        <SaveCardFooter
          makeDefault={makeDefault}
          isFirstCard={isFirstCard}
          isSaving={attach.isPending}
          onMakeDefaultChange={setMakeDefault}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
};

/**
 * Stripe's card: it goes from Stripe's CardElement to Stripe only, Stripe.js answers a
 * PaymentMethod id (`pm_…`), and that id is attached to the store (`type: 'stripe'`).
 */
const StripeCardForm = ({
  publishableKey,
  isFirstCard,
  onDone,
}: CardFormProps & { publishableKey: string }) => {
  const attach = useAttachPaymentMethod();
  const stripeCard = useStripeCard(publishableKey);
  const [makeDefault, setMakeDefault] = useState(isFirstCard);
  const [formError, setFormError] = useState<string | null>(null);

  const handleSave = () => {
    setFormError(null);
    return stripeCard.payWithCard(async (paymentMethod) => {
      try {
        const method = await attach.mutateAsync({ paymentMethod, makeDefault });
        showSuccessToast(`${cardTitleOf(method)} saved.`);
        onDone();
      } catch (error) {
        setFormError(saveErrorOf(error));
      }
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void handleSave();
      }}
      noValidate
      aria-label="Add a card"
    >
      <Stack gap="sm">
        <FormErrorAlert message={formError} />
        <StripeCardField
          publishableKey={publishableKey}
          isDisabled={stripeCard.isWorking}
          {...stripeCard.field}
        />
        <SaveCardFooter
          makeDefault={makeDefault}
          isFirstCard={isFirstCard}
          isSaving={stripeCard.isWorking}
          isSaveDisabled={!stripeCard.stripeJs.isSuccess}
          onMakeDefaultChange={setMakeDefault}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
};

/**
 * Where a card is added: the local provider's test-card form, or Stripe's card field (the same
 * card fields as the checkout's). Used on /account-info and in the plan dialog (a paid plan needs
 * a card first).
 */
export const NewCard = ({ isFirstCard, onDone }: CardFormProps) => {
  const config = useCardPaymentConfig();
  if (config.isPending) return <Skeleton h={160} aria-label="Loading the card form" />;
  if (config.isError) {
    return (
      <LoadError
        message="The payment settings could not be loaded."
        onRetry={() => void config.refetch()}
      />
    );
  }
  if (config.data.provider === 'local') {
    return (
      <TestCardForm testCards={config.data.testCards} isFirstCard={isFirstCard} onDone={onDone} />
    );
  }
  if (!config.data.publishableKey) {
    return (
      <Alert color="yellow" variant="light" role="alert">
        Cards cannot be added right now: the payment provider is not set up.
      </Alert>
    );
  }
  return (
    <StripeCardForm
      publishableKey={config.data.publishableKey}
      isFirstCard={isFirstCard}
      onDone={onDone}
    />
  );
};
