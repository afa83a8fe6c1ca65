import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Input,
  Skeleton,
  Stack,
  Text,
  useComputedColorScheme,
  useMantineTheme,
} from '@mantine/core';
import { CardElement, Elements } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { PaymentMethod } from '@atelier/contract/billing/billing-api';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError } from '@/lib/api-error';
import { useAttachPaymentMethod } from '../api/billing-queries';

/**
 * Loads Stripe.js for `publishableKey` once per page's life. The key is the checkout's too
 * (`['stripe-js', key]`), so a page that has loaded Stripe.js for one does not load it again.
 */
const useStripeJs = (publishableKey: string) =>
  useQuery({
    queryKey: ['stripe-js', publishableKey] as const,
    queryFn: async (): Promise<Stripe> => {
      // Imported only here: importing the module adds Stripe's script to the page.
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error('Stripe.js is not available in this browser.');
      return stripe;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    // The Stripe object is a live instance, not data to compare.
    structuralSharing: false,
  });

type StripeCardFormProps = {
  publishableKey: string;
  isFirstCard: boolean;
  onSaved: (method: PaymentMethod) => void;
  onCancel: () => void;
};

/**
 * Saves a card with Stripe: the card goes from Stripe's CardElement to Stripe only, Stripe.js
 * answers a PaymentMethod id (`pm_…`), and that id is attached to the store (`type: 'stripe'`).
 * The checkout does the same in the orders feature, which this feature does not import.
 */
export const StripeCardForm = ({
  publishableKey,
  isFirstCard,
  onSaved,
  onCancel,
}: StripeCardFormProps) => {
  const stripeJs = useStripeJs(publishableKey);
  const attach = useAttachPaymentMethod();
  const theme = useMantineTheme();
  const isDark = useComputedColorScheme('light') === 'dark';
  const card = useRef<StripeCardElement | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [makeDefault, setMakeDefault] = useState(isFirstCard);
  const [isCreating, setIsCreating] = useState(false);
  const options = useMemo(
    () => ({
      style: {
        base: {
          fontFamily: theme.fontFamily ?? 'system-ui, sans-serif',
          fontSize: '14px',
          lineHeight: '24px',
          color: isDark ? theme.colors.dark[0] : theme.black,
        },
        invalid: { color: theme.colors.red[isDark ? 5 : 7] },
      },
    }),
    [theme, isDark],
  );

  if (stripeJs.isPending) {
    return (
      <Stack gap={4} role="status" aria-live="polite">
        <Skeleton h={44} radius="sm" />
        <Text size="xs" c="dimmed">
          Loading the secure card form…
        </Text>
      </Stack>
    );
  }
  if (stripeJs.isError) {
    return (
      <Alert color="red" title="Cards cannot be added right now" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">The card form could not load; check your connection.</Text>
          <Button size="xs" variant="white" onClick={() => void stripeJs.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const handleSave = async () => {
    const element = card.current;
    if (!element || isCreating) return;
    setFormError(null);
    setIsCreating(true);
    try {
      const result = await stripeJs.data.createPaymentMethod({ type: 'card', card: element });
      if (result.error) {
        setCardError(result.error.message ?? 'The card could not be read. Check its details.');
        element.focus();
        return;
      }
      attach.mutate(
        {
          paymentMethod: { type: 'stripe', paymentMethodId: result.paymentMethod.id },
          makeDefault,
        },
        {
          onSuccess: onSaved,
          onError: (error) =>
            setFormError(isApiError(error) ? error.message : 'The card was not saved. Try again.'),
        },
      );
    } finally {
      setIsCreating(false);
    }
  };

  return (
    <Stack gap="sm">
      <FormErrorAlert message={formError} />
      <Input.Wrapper
        label="Card"
        required
        error={cardError}
        description="Your card goes straight to Stripe, our payment processor."
      >
        <Box
          data-testid="stripe-card"
          mt={4}
          px="sm"
          py={9}
          style={{
            border: `1px solid ${cardError ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
            borderRadius: 'var(--mantine-radius-default)',
          }}
        >
          <Elements stripe={stripeJs.data}>
            <CardElement
              options={options}
              onReady={(element) => {
                card.current = element;
              }}
              onChange={(event) => setCardError(event.error?.message ?? null)}
            />
          </Elements>
        </Box>
      </Input.Wrapper>
      <Checkbox
        label="Make this my default card"
        checked={makeDefault}
        disabled={isFirstCard}
        onChange={(event) => setMakeDefault(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button loading={isCreating || attach.isPending} onClick={() => void handleSave()}>
          Save card
        </Button>
      </Group>
    </Stack>
  );
};
