import { Alert, Box, Button, Input, Skeleton, Stack, Text, useMantineTheme } from '@mantine/core';
import { useComputedColorScheme } from '@mantine/core';
import { CardElement, Elements } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElement, StripeCardElementOptions } from '@stripe/stripe-js';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useStripeJs } from './use-stripe-js';

/** Shown when Stripe.js cannot be loaded (offline, blocked by an extension or a firewall). */
const STRIPE_LOAD_ERROR = 'Card payments could not load; check your connection.';

/** The contract's Stripe payment method: a PaymentMethod id made by Stripe.js in the browser. */
type StripePaymentMethod = { type: 'stripe'; paymentMethodId: string };

/**
 * Turns the card typed into Stripe's CardElement into a PaymentMethod (`pm_…`) with Stripe.js:
 * the card goes from the browser to Stripe only, never to Atelier's server. Answers the contract's
 * `{ type: 'stripe', paymentMethodId }`, or `error`, Stripe's message (safe to show: "Your card
 * number is incomplete.").
 */
const createStripePaymentMethod = async (
  stripe: Stripe,
  card: StripeCardElement,
): Promise<{ paymentMethod: StripePaymentMethod } | { error: string }> => {
  const result = await stripe.createPaymentMethod({ type: 'card', card });
  if (result.error) {
    return { error: result.error.message ?? 'The card could not be read. Check its details.' };
  }
  return { paymentMethod: { type: 'stripe', paymentMethodId: result.paymentMethod.id } };
};

/**
 * 3-D Secure for a payment the server answered REQUIRES_ACTION with `nextAction: { type:
 * 'use_stripe_sdk', clientSecret }`: Stripe.js's `handleNextAction` shows the bank's check and
 * resolves once the buyer passed, failed or closed it. Answers null when Stripe reported no error,
 * else its message; either way the server's `confirm` reads the PaymentIntent for the outcome.
 */
export const authenticateWithStripe = async (
  stripe: Stripe,
  clientSecret: string,
): Promise<string | null> => {
  try {
    const result = await stripe.handleNextAction({ clientSecret });
    return result.error ? (result.error.message ?? 'The authentication did not succeed.') : null;
  } catch {
    return 'The authentication could not be started; check your connection.';
  }
};

/**
 * Stripe's card on a form that pays or saves a card: Stripe.js for `publishableKey` (null with the local provider:
 * nothing loads), the mounted CardElement with its message (`field`, for `StripeCardField`), and
 * `isWorking` while Stripe.js, or the payment it feeds, runs.
 */
export const useStripeCard = (publishableKey: string | null) => {
  const stripeJs = useStripeJs(publishableKey);
  const card = useRef<StripeCardElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isWorking, setIsWorking] = useState(false);

  const whileWorking = async (work: () => Promise<void>) => {
    setIsWorking(true);
    try {
      await work();
    } finally {
      setIsWorking(false);
    }
  };

  /** Stripe.js and the card are there, and nothing runs yet. */
  const canPay = () => Boolean(stripeJs.data && card.current && !isWorking);

  /**
   * The card as a PaymentMethod made by Stripe.js, handed to `pay` (the payment, or saving the
   * card) while `isWorking`; when Stripe cannot make one, its message under the card and the card
   * focused.
   */
  const payWithCard = async (pay: (paymentMethod: StripePaymentMethod) => Promise<void>) => {
    const stripe = stripeJs.data;
    const element = card.current;
    if (!stripe || !element || isWorking) return;
    setError(null);
    await whileWorking(async () => {
      const created = await createStripePaymentMethod(stripe, element);
      if ('error' in created) {
        setError(created.error);
        element.focus();
        return;
      }
      await pay(created.paymentMethod);
    });
  };

  const field = {
    error,
    onCardReady: (element: StripeCardElement) => {
      card.current = element;
    },
    onCardChange: setError,
  };
  return { stripeJs, isWorking, whileWorking, canPay, payWithCard, field };
};

const useCardOptions = (isDisabled: boolean): StripeCardElementOptions => {
  const theme = useMantineTheme();
  const isDark = useComputedColorScheme('light') === 'dark';
  return useMemo(
    () => ({
      // A shipping address (checkout, pay link) is not the card's: Stripe asks for the card's own.
      hidePostalCode: false,
      disabled: isDisabled,
      style: {
        base: {
          fontFamily: theme.fontFamily ?? 'system-ui, sans-serif',
          fontSize: '14px',
          lineHeight: '24px',
          color: isDark ? theme.colors.dark[0] : theme.black,
          iconColor: isDark ? theme.colors.dark[2] : theme.colors.gray[6],
          '::placeholder': { color: isDark ? theme.colors.dark[3] : theme.colors.gray[5] },
        },
        invalid: { color: theme.colors.red[isDark ? 5 : 7], iconColor: theme.colors.red[6] },
      },
    }),
    [theme, isDark, isDisabled],
  );
};

export type StripeCardFieldProps = {
  /** `pk_…` from the payment config; Stripe.js is loaded for it when this field first shows. */
  publishableKey: string;
  /** A message under the field: Stripe's own, or one the server gave. */
  error: string | null;
  isDisabled?: boolean;
  /** The mounted CardElement, to pass to `createStripePaymentMethod`. */
  onCardReady: (card: StripeCardElement) => void;
  /** The payer changed the card: `error` is Stripe's live check of it, if any. */
  onCardChange: (error: string | null) => void;
};

/**
 * Stripe's CardElement (number, expiry, CVC and postal code in Stripe's iframe) framed like a
 * Mantine input: a skeleton while Stripe.js loads, and `STRIPE_LOAD_ERROR` with a retry when it
 * cannot load.
 */
export const StripeCardField = ({
  publishableKey,
  error,
  isDisabled = false,
  onCardReady,
  onCardChange,
}: StripeCardFieldProps) => {
  const stripeJs = useStripeJs(publishableKey);
  const [isFocused, setIsFocused] = useState(false);
  const options = useCardOptions(isDisabled);

  if (stripeJs.isPending) {
    return (
      <Stack gap={4} role="status" aria-live="polite" data-testid="stripe-card-loading">
        <Skeleton h={44} radius="sm" />
        <Text size="xs" c="dimmed">
          Loading the secure card form…
        </Text>
      </Stack>
    );
  }
  if (stripeJs.isError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title="Card payments unavailable"
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{STRIPE_LOAD_ERROR}</Text>
          <Button size="xs" variant="white" onClick={() => void stripeJs.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const borderColor = error
    ? 'var(--mantine-color-error)'
    : isFocused
      ? 'var(--mantine-primary-color-filled)'
      : 'var(--mantine-color-default-border)';
  return (
    <Input.Wrapper
      label="Card"
      required
      error={error}
      description="Your card goes straight to Stripe, our payment processor."
    >
      <Box
        data-testid="stripe-card"
        mt={4}
        px="sm"
        py={9}
        style={{
          border: `1px solid ${borderColor}`,
          borderRadius: 'var(--mantine-radius-default)',
          background: 'var(--mantine-color-body)',
          opacity: isDisabled ? 0.6 : 1,
          transition: 'border-color 100ms ease',
        }}
      >
        <Elements stripe={stripeJs.data}>
          <CardElement
            options={options}
            onReady={onCardReady}
            onChange={(event) => onCardChange(event.error?.message ?? null)}
            onFocus={() => setIsFocused(true)}
            onBlur={() => setIsFocused(false)}
          />
        </Elements>
      </Box>
    </Input.Wrapper>
  );
};
