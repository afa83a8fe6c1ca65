import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCreditCard, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { PaymentMethod } from '@atelier/contract/billing/billing-api';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/notify';
import {
  useAttachPaymentMethod,
  useCardPaymentConfig,
  useDetachPaymentMethod,
  useMakeDefaultPaymentMethod,
  usePaymentMethods,
} from '../api/billing-queries';
import { BillingSectionCard } from './billing-section-card';
import { StripeCardForm } from './payment-methods-section-stripe-card';
import {
  applyBillingCardErrors,
  type BillingCardFormOutput,
  BillingCardFormSchema,
  type BillingCardFormValues,
} from './payment-methods-section-card-form';

const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** "Visa •••• 4242". */
export const cardTitleOf = (method: Pick<PaymentMethod, 'brand' | 'last4'>): string =>
  `${BRAND_NAMES[method.brand.toLowerCase()] ?? method.brand} •••• ${method.last4}`;

const expiryOf = (method: PaymentMethod): string =>
  `${String(method.expMonth).padStart(2, '0')} / ${String(method.expYear % 100).padStart(2, '0')}`;

/** An expiry a few years ahead, for the test cards: "12 / 30". */
const testCardExpiry = (now: Date = new Date()): string =>
  `12 / ${String((now.getUTCFullYear() + 4) % 100).padStart(2, '0')}`;

const TEST_PROVIDER_TEXT =
  "Cards are simulated by Atelier's local test provider: use a test card. Any expiry date in the future and any three digits as the CVC work; nothing is charged.";

type TestCard = { number: string; label: string };
type TestCardListProps = { testCards: readonly TestCard[]; onUse: (number: string) => void };

/** The local provider's test cards, each with what it does and a "Use" that fills the form. */
const TestCardList = ({ testCards, onUse }: TestCardListProps) => (
  <Alert
    color="blue"
    variant="light"
    icon={<IconShieldCheck size={18} />}
    title="Test payments"
    role="note"
    data-testid="test-provider-notice"
  >
    <Stack gap="xs">
      <Text size="sm">{TEST_PROVIDER_TEXT}</Text>
      <Stack
        component="ul"
        gap={6}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Test cards"
      >
        {testCards.map((card) => (
          <Group component="li" key={card.number} justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
              <Code style={{ whiteSpace: 'nowrap' }}>{card.number}</Code>
              <Text size="sm">{card.label}</Text>
            </Group>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => onUse(card.number)}
              aria-label={`Use test card ${card.number}`}
              style={{ flexShrink: 0 }}
            >
              Use
            </Button>
          </Group>
        ))}
      </Stack>
    </Stack>
  </Alert>
);

type AddCardFormProps = {
  testCards: readonly TestCard[];
  isFirstCard: boolean;
  onDone: () => void;
};

/** The local provider's card form: number, expiry, CVC, and whether it becomes the default. */
const TestCardForm = ({ testCards, isFirstCard, onDone }: AddCardFormProps) => {
  const attach = useAttachPaymentMethod();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<BillingCardFormValues, unknown, BillingCardFormOutput>({
    resolver: zodResolver(BillingCardFormSchema),
    defaultValues: { number: '', expiry: '', cvc: '', makeDefault: isFirstCard },
  });
  const { errors } = form.formState;

  const handleUseTestCard = (number: string) => {
    form.setValue('number', number, { shouldValidate: true });
    if (!form.getValues('expiry')) form.setValue('expiry', testCardExpiry());
    if (!form.getValues('cvc')) form.setValue('cvc', '123');
    form.clearErrors();
  };

  const handleSubmit = form.handleSubmit((body) => {
    setFormError(null);
    attach.mutate(body, {
      onSuccess: (method) => {
        showSuccessToast(`${cardTitleOf(method)} saved.`);
        form.reset();
        onDone();
      },
      onError: (error) => setFormError(applyBillingCardErrors(error, form.setError)),
    });
  });

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Add a card">
      <Stack gap="sm">
        <TestCardList testCards={testCards} onUse={handleUseTestCard} />
        <FormErrorAlert message={formError} />
        <TextInput
          label="Card number"
          required
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          leftSection={<IconCreditCard size={16} aria-hidden />}
          {...form.register('number')}
          error={errors.number?.message}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="Expiry"
            required
            autoComplete="cc-exp"
            placeholder="MM / YY"
            {...form.register('expiry')}
            error={errors.expiry?.message}
          />
          <TextInput
            label="CVC"
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            {...form.register('cvc')}
            error={errors.cvc?.message}
          />
        </SimpleGrid>
        <Checkbox
          label="Make this my default card"
          disabled={isFirstCard}
          {...form.register('makeDefault')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={attach.isPending}>
            Save card
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

type NewCardProps = { isFirstCard: boolean; onDone: () => void };

/**
 * Where a card is added: the local provider's test-card form, or Stripe's card field. Used on
 * /account-info and in the plan dialog (a paid plan needs a card first).
 */
export const NewCard = ({ isFirstCard, onDone }: NewCardProps) => {
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
      onSaved={(method) => {
        showSuccessToast(`${cardTitleOf(method)} saved.`);
        onDone();
      }}
      onCancel={onDone}
    />
  );
};

type RemoveCardModalProps = { method: PaymentMethod | null; onClose: () => void };

/** Asks before a card is removed; the server refuses the card that pays for the plan. */
const RemoveCardModal = ({ method, onClose }: RemoveCardModalProps) => {
  const detach = useDetachPaymentMethod();
  const [error, setError] = useState<string | null>(null);
  // The last card asked about stays named while the modal closes.
  const [shown, setShown] = useState(method);
  if (method && method !== shown) setShown(method);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal opened={method !== null} onClose={close} title="Remove this card?" centered>
      <Stack gap="md">
        <FormErrorAlert message={error} />
        <Text size="sm">
          {shown ? cardTitleOf(shown) : 'The card'} will no longer be charged for your plan, seats
          or bundles.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            Keep it
          </Button>
          <Button
            color="red"
            loading={detach.isPending}
            onClick={() => {
              if (!method) return;
              detach.mutate(method.id, {
                onSuccess: () => {
                  showSuccessToast('Card removed.');
                  close();
                },
                onError: (failure) =>
                  setError(isApiError(failure) ? failure.message : 'The card was not removed.'),
              });
            }}
          >
            Remove card
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

type CardRowProps = {
  method: PaymentMethod;
  canManage: boolean;
  onRemove: (method: PaymentMethod) => void;
};

const CardRow = ({ method, canManage, onRemove }: CardRowProps) => {
  const makeDefault = useMakeDefaultPaymentMethod();
  const title = cardTitleOf(method);
  return (
    <Stack component="li" gap={4} aria-label={title}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <IconCreditCard size={18} aria-hidden />
          <Text size="sm" fw={500}>
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            Expires {expiryOf(method)}
          </Text>
          {method.isDefault ? (
            <Badge variant="light" color="indigo" tt="none">
              Default
            </Badge>
          ) : null}
        </Group>
        {canManage ? (
          <Group gap="xs">
            {method.isDefault ? null : (
              <Button
                size="compact-sm"
                variant="subtle"
                loading={makeDefault.isPending}
                onClick={() => makeDefault.mutate(method.id)}
                aria-label={`Make ${title} the default`}
              >
                Make default
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => onRemove(method)}
              aria-label={`Remove ${title}`}
            >
              Remove
            </Button>
          </Group>
        ) : null}
      </Group>
      {makeDefault.isError ? (
        <Text size="xs" c="red" role="alert">
          {isApiError(makeDefault.error)
            ? makeDefault.error.message
            : 'The default card was not changed.'}
        </Text>
      ) : null}
    </Stack>
  );
};

type PaymentMethodsSectionProps = { canManage: boolean };

/**
 * Spec §7 payment methods on /account-info: the saved cards (brand, last four, expiry, the
 * default), make default, remove after a confirmation, and add a card (with the local provider,
 * its test cards).
 */
export const PaymentMethodsSection = ({ canManage }: PaymentMethodsSectionProps) => {
  const methods = usePaymentMethods();
  const [isAdding, setIsAdding] = useState(false);
  const [toRemove, setToRemove] = useState<PaymentMethod | null>(null);

  return (
    <BillingSectionCard
      id="billing-payment-methods"
      title="Payment methods"
      description="The default card pays your plan, seats and bundles."
      action={
        canManage && !isAdding && methods.isSuccess ? (
          <Button size="xs" variant="light" onClick={() => setIsAdding(true)}>
            Add card
          </Button>
        ) : null
      }
    >
      {methods.isPending ? (
        <Stack gap="sm" aria-label="Loading the payment methods">
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      ) : methods.isError ? (
        <LoadError
          message="Your payment methods could not be loaded."
          onRetry={() => void methods.refetch()}
        />
      ) : (
        <Stack gap="md">
          {methods.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No card saved yet.{canManage ? ' Add one to start a paid plan or buy a bundle.' : ''}
            </Text>
          ) : (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {methods.data.items.map((method) => (
                <CardRow
                  key={method.id}
                  method={method}
                  canManage={canManage}
                  onRemove={setToRemove}
                />
              ))}
            </Stack>
          )}
          {isAdding ? (
            <NewCard
              isFirstCard={methods.data.items.length === 0}
              onDone={() => setIsAdding(false)}
            />
          ) : null}
        </Stack>
      )}
      <RemoveCardModal method={toRemove} onClose={() => setToRemove(null)} />
    </BillingSectionCard>
  );
};
