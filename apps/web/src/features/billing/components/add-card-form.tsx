import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Code,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCreditCard, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { PaymentMethod } from '@atelier/contract/billing/billing-api';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import { useAttachPaymentMethod, useCardPaymentConfig } from '../api/billing-queries';

/*
 * The card form of the checkout (features/orders card-form.ts and card-fields.tsx), copied in its
 * small local-provider form: a feature never imports another (STYLE.md §3).
 */

const EXPIRY = /^(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/;

const CardFormSchema = z
  .object({
    number: z
      .string()
      .trim()
      .min(1, 'Enter the card number.')
      .regex(/^[\d ]{12,30}$/, 'The card number has 12 to 19 digits.'),
    expiry: z.string().trim().regex(EXPIRY, 'The month and year, as MM / YY.'),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'Three or four digits.'),
  })
  .transform(({ number, expiry, cvc }) => {
    const [, month = '', year = ''] = EXPIRY.exec(expiry) ?? [];
    const expYear = Number(year);
    return {
      type: 'test_card' as const,
      number: number.replace(/\s+/g, ' '),
      expMonth: Number(month),
      expYear: expYear < 100 ? 2000 + expYear : expYear,
      cvc,
    };
  });
type CardFormValues = z.input<typeof CardFormSchema>;
type CardPaymentMethod = z.output<typeof CardFormSchema>;

/** The server's field for a card detail (`paymentMethod.expMonth`) as the form's. */
const cardFieldOf = (serverField: string): keyof CardFormValues | null => {
  const part = serverField.replace(/^(body\.)?paymentMethod\.?/, '');
  if (part === 'number') return 'number';
  if (part === 'expMonth' || part === 'expYear') return 'expiry';
  if (part === 'cvc') return 'cvc';
  return null;
};

/** An expiry a few years ahead, for the test cards: "12 / 30". */
const testCardExpiry = (now: Date = new Date()): string =>
  `12 / ${String((now.getFullYear() + 4) % 100).padStart(2, '0')}`;

type AddCardFormProps = {
  /** The card was saved (as the store's default). */
  onAdded: (paymentMethod: PaymentMethod) => void;
  onCancel?: () => void;
};

/**
 * Saves a card for the plan's invoices (it becomes the default). With the local provider it lists
 * the test cards, each with what it does, as the checkout does; with Stripe the card is added on
 * /account-info's billing section, where Stripe's own field takes it.
 */
export const AddCardForm = ({ onAdded, onCancel }: AddCardFormProps) => {
  const config = useCardPaymentConfig();
  const attach = useAttachPaymentMethod();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CardFormValues, unknown, CardPaymentMethod>({
    resolver: zodResolver(CardFormSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const { errors } = form.formState;

  if (config.isPending) return <Skeleton h={160} />;
  if (config.isError) {
    return (
      <LoadError
        message="The payment settings could not be loaded."
        onRetry={() => void config.refetch()}
      />
    );
  }
  if (config.data.provider !== 'local') {
    return (
      <Alert color="yellow" title="Add a card first">
        Starting a paid plan needs a saved card. Add one under Payment methods on your
        account&apos;s billing section, then come back to this plan.
      </Alert>
    );
  }

  const fillTestCard = (number: string) => {
    form.setValue('number', number, { shouldValidate: true });
    if (!form.getValues('expiry')) form.setValue('expiry', testCardExpiry());
    if (!form.getValues('cvc')) form.setValue('cvc', '123');
  };

  const submit = form.handleSubmit((paymentMethod) => {
    setFormError(null);
    attach.mutate(
      { paymentMethod, makeDefault: true },
      {
        onSuccess: onAdded,
        onError: (error) => {
          let isOnField = false;
          if (isApiError(error)) {
            for (const issue of error.details) {
              const field = cardFieldOf(issue.field);
              if (!field) continue;
              form.setError(
                field,
                { type: 'server', message: issue.message },
                { shouldFocus: !isOnField },
              );
              isOnField = true;
            }
          }
          if (!isOnField) setFormError(error.message);
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add a card">
      <Stack gap="sm">
        <Alert
          color="blue"
          variant="light"
          icon={<IconShieldCheck size={18} />}
          title="Test payments"
          role="note"
        >
          <Stack gap="xs">
            <Text size="sm">
              Payments are simulated by Atelier&apos;s local test provider: use a test card. Any
              expiry date in the future and any three digits as the CVC work; no money moves.
            </Text>
            <Stack
              component="ul"
              gap={6}
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Test cards"
            >
              {config.data.testCards.map((card) => (
                <Group
                  component="li"
                  key={card.number}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                >
                  <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                    <Code style={{ whiteSpace: 'nowrap' }}>{card.number}</Code>
                    <Text size="sm">{card.label}</Text>
                  </Group>
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => fillTestCard(card.number)}
                    aria-label={`Use test card ${card.number}`}
                  >
                    Use
                  </Button>
                </Group>
              ))}
            </Stack>
          </Stack>
        </Alert>
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
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={attach.isPending}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={attach.isPending}>
            Save card
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
