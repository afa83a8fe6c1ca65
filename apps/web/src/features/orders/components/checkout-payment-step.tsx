import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { CheckoutInput, Payment } from '@atelier/contract/orders/invoice';
import { applyCardErrors } from '@/components/payment/card-form';
import { CardFields, fillTestCard, useCardForm } from '@/components/payment/card-fields';
import { authenticateWithStripe, useStripeCard } from '@/components/payment/stripe-card-field';
import { TestProviderNotice } from '@/components/payment/test-provider-notice';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import {
  useCapturePaypal,
  useConfirmPayment,
  usePay,
  usePaymentConfig,
} from '../api/payment-queries';
import {
  isPaypalPayment,
  type PaymentChoice,
  PaypalApprovalModal,
  PaypalPanel,
  paypalNextStepOf,
  PaypalRedirectNotice,
} from './paypal-payment';
import { isPaymentOutcome, type PaymentOutcome, PaymentOutcomeAlert } from './payment-alerts';
import { formatAmount } from '../orders-format';
import { isOutcomeUnknown, type PaymentAttempts } from '../payment-attempts';
import { usePaymentSend } from '../use-payment-send';

/** What the last payment request came to, short of a completed payment. */
type Outcome =
  | PaymentOutcome
  /** 3-D Secure; with Stripe, `message` is why its last try did not pass. */
  | { kind: 'requires-action'; payment: Payment; message?: string | null }
  /** PayPal: approving at PayPal's page (a redirect), or in the local simulated step. */
  | { kind: 'paypal-redirect'; url: string }
  | { kind: 'paypal-approval'; payment: Payment };

const STRIPE_UNAVAILABLE =
  'Card payments are not available right now; reload the page to try again.';

type TestCardsProps = { onUse: (number: string) => void };

/** The local provider's test cards (spec §7 payment config), each with what it does. */
const TestCards = ({ onUse }: TestCardsProps) => {
  const config = usePaymentConfig();
  if (config.isPending) return <Skeleton h={120} />;
  if (config.isError) {
    return (
      <LoadError
        message="The payment settings could not be loaded."
        onRetry={() => void config.refetch()}
      />
    );
  }
  if (config.data.provider !== 'local') return null;
  return <TestProviderNotice testCards={{ cards: config.data.testCards, onUse }} />;
};

type AuthenticationStepProps = {
  payment: Payment;
  /** Stripe runs the bank's check (Stripe.js); else the local provider simulates it. */
  isStripe: boolean;
  /** Why the last Stripe check did not pass (closed, failed), if it did not. */
  message: string | null;
  isConfirming: boolean;
  onConfirm: () => void;
};

/**
 * 3-D Secure: the local provider simulates it (the card holder confirms, then it is paid); with
 * Stripe, Stripe.js shows the bank's check, which this step can open again.
 */
const AuthenticationStep = ({
  payment,
  isStripe,
  message,
  isConfirming,
  onConfirm,
}: AuthenticationStepProps) => (
  <Paper withBorder radius="md" p="md" bg="yellow.0" data-testid="authentication-step">
    <Stack gap="sm">
      <Group gap="xs">
        <IconLock size={18} aria-hidden />
        <Title order={3} fz="h5">
          Your card asks you to confirm this payment
        </Title>
      </Group>
      <Text size="sm">
        Your bank wants to check it is you before it pays{' '}
        {formatAmount(payment.amount, payment.currencyCode)}.{' '}
        {isStripe
          ? 'Stripe shows your bank’s check here; nothing is charged until you pass it.'
          : 'With Atelier’s local test provider this step is simulated: confirming completes the payment.'}
      </Text>
      {message ? (
        <Text size="sm" c="red" role="alert">
          {message}
        </Text>
      ) : null}
      <Group>
        <Button onClick={onConfirm} loading={isConfirming} data-autofocus>
          {isStripe ? 'Authenticate with your bank' : 'Complete authentication'}
        </Button>
      </Group>
    </Stack>
  </Paper>
);

/** The PaymentIntent client secret Stripe.js needs for a payment's 3-D Secure, if any. */
const stripeClientSecretOf = (payment: Payment): string | null =>
  payment.nextAction?.type === 'use_stripe_sdk' ? payment.nextAction.clientSecret : null;

type CheckoutPaymentStepProps = {
  /** What the payment will charge, e.g. "$1,234.56". */
  amountText: string;
  /** The checkout request with this card, or PayPal. */
  buildBody: (paymentMethod: CheckoutInput['paymentMethod']) => CheckoutInput;
  attempts: PaymentAttempts;
  onPaid: (payment: Payment) => void;
  /** A refusal another step must show (address, discount code, items); true when it took it. */
  onRefused: (error: unknown) => boolean;
  onBack: () => void;
};

/**
 * Spec §2 checkout, payment: the card, the local provider's test cards, and each answer: paid,
 * declined (the items stay in the cart), authentication needed, or no answer (retry the same
 * attempt with its Idempotency-Key). With Stripe (payment config `provider: 'stripe'`), Stripe's
 * CardElement takes the card and Stripe.js turns it into a `pm_…` (the card never reaches Atelier),
 * sent as `{ type: 'stripe', paymentMethodId }`; 3-D Secure runs Stripe.js's `handleNextAction`
 * with the answer's `nextAction.clientSecret`, then `confirm`.
 */
export const CheckoutPaymentStep = ({
  amountText,
  buildBody,
  attempts,
  onPaid,
  onRefused,
  onBack,
}: CheckoutPaymentStepProps) => {
  const config = usePaymentConfig();
  const pay = usePay();
  const confirm = useConfirmPayment();
  const capturePaypal = useCapturePaypal();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [choice, setChoice] = useState<PaymentChoice>('card');
  const [paypalSending, setPaypalSending] = useState<'approved' | 'cancelled' | null>(null);
  const form = useCardForm();
  const isStripe = config.data?.provider === 'stripe';
  const publishableKey = isStripe ? (config.data?.publishableKey ?? null) : null;
  // Loads Stripe.js only when Stripe takes cards; the local provider needs nothing online.
  const stripeCard = useStripeCard(publishableKey);

  const handleAnswer = (payment: Payment, { canAuthenticate = true } = {}) => {
    switch (payment.status) {
      case 'COMPLETED':
        onPaid(payment);
        return;
      case 'DECLINED':
        setOutcome({
          kind: 'declined',
          reason: payment.failureReason ?? 'The card was declined.',
        });
        return;
      case 'REQUIRES_ACTION': {
        if (!isPaypalPayment(payment)) {
          setOutcome({ kind: 'requires-action', payment });
          // Stripe's check opens at once; after a try that did not pass, the buyer reopens it.
          if (canAuthenticate && stripeClientSecretOf(payment)) void authenticate(payment);
          return;
        }
        const next = paypalNextStepOf(payment);
        setOutcome(
          next.kind === 'redirect'
            ? { kind: 'paypal-redirect', url: next.url }
            : { kind: 'paypal-approval', payment },
        );
        return;
      }
      case 'PENDING':
        setOutcome({ kind: 'pending', payment });
        return;
    }
  };

  const { send, isSending } = usePaymentSend<CheckoutInput>({
    attempts,
    request: pay.mutateAsync,
    setOutcome,
    onAnswer: handleAnswer,
    onRefused: (error) => {
      if (onRefused(error) || applyCardErrors(error, form.setError)) return;
      setOutcome({
        kind: 'refused',
        message: isApiError(error) ? error.message : 'The payment could not be made.',
      });
    },
  });

  const handleConfirm = async (payment: Payment) => {
    try {
      handleAnswer(await confirm.mutateAsync(payment.id), { canAuthenticate: false });
    } catch (error) {
      setOutcome({
        kind: 'unknown',
        message: isApiError(error) ? error.message : 'The authentication could not be sent.',
        retry: () => void handleConfirm(payment),
      });
    }
  };

  /**
   * Stripe's 3-D Secure in the browser, then `confirm`: the server reads the PaymentIntent and
   * settles the payment (paid, declined, or still waiting when the buyer closed the check).
   */
  const authenticate = async (payment: Payment) => {
    const clientSecret = stripeClientSecretOf(payment);
    const stripe = stripeCard.stripeJs.data;
    if (!clientSecret || !stripe) {
      setOutcome({ kind: 'requires-action', payment, message: STRIPE_UNAVAILABLE });
      return;
    }
    await stripeCard.whileWorking(async () => {
      const message = await authenticateWithStripe(stripe, clientSecret);
      await handleConfirm(payment);
      if (message) {
        setOutcome((current) =>
          current?.kind === 'requires-action' ? { ...current, message } : current,
        );
      }
    });
  };

  /** The Stripe card: a PaymentMethod made by Stripe.js, then the payment as with any card. */
  const handleStripeSubmit = async () => {
    if (isSending.current) return;
    await stripeCard.payWithCard((paymentMethod) => send(buildBody(paymentMethod)));
  };

  /** The buyer approved or canceled in the simulated PayPal step: capture (or cancel) once. */
  const handlePaypal = async (payment: Payment, decision: 'approved' | 'cancelled') => {
    setPaypalSending(decision);
    try {
      handleAnswer(await capturePaypal.mutateAsync({ paymentId: payment.id, outcome: decision }));
    } catch (error) {
      setOutcome(
        isOutcomeUnknown(error)
          ? {
              kind: 'unknown',
              message: isApiError(error) ? error.message : 'The PayPal payment could not be sent.',
              retry: () => void handlePaypal(payment, decision),
            }
          : {
              kind: 'refused',
              message: isApiError(error) ? error.message : 'The PayPal payment could not be made.',
            },
      );
    } finally {
      setPaypalSending(null);
    }
  };

  const isBusy =
    pay.isPending ||
    confirm.isPending ||
    stripeCard.isWorking ||
    capturePaypal.isPending ||
    outcome?.kind === 'paypal-redirect';
  const paypalConfig = config.data?.paypal;
  const isPaypal = choice === 'paypal' && paypalConfig !== undefined;
  const isAwaitingAuthentication = outcome?.kind === 'requires-action';

  return (
    <Stack gap="md">
      {paypalConfig ? (
        <SegmentedControl
          aria-label="Payment method"
          value={choice}
          onChange={(value) => {
            setChoice(value);
            setOutcome(null);
          }}
          disabled={isBusy}
          data={[
            { label: 'Card', value: 'card' },
            { label: 'PayPal', value: 'paypal' },
          ]}
          fullWidth
        />
      ) : null}
      {isPaypal ? null : <TestCards onUse={(number) => fillTestCard(form, number)} />}
      {isPaymentOutcome(outcome) ? (
        <PaymentOutcomeAlert
          outcome={outcome}
          declinedText={`Nothing was charged and your cart is as it was: ${isPaypal ? 'pay again, with PayPal or a card.' : 'try another card.'}`}
          pendingText="Its items wait as Payment pending in Orders & Shipments until it is settled."
          isBusy={isBusy}
        />
      ) : null}
      <PaypalApprovalModal
        payment={outcome?.kind === 'paypal-approval' ? outcome.payment : null}
        sending={paypalSending}
        onApprove={() => {
          if (outcome?.kind === 'paypal-approval') void handlePaypal(outcome.payment, 'approved');
        }}
        onCancel={() => {
          if (outcome?.kind === 'paypal-approval') void handlePaypal(outcome.payment, 'cancelled');
        }}
      />
      {outcome?.kind === 'paypal-redirect' ? <PaypalRedirectNotice url={outcome.url} /> : null}
      {isPaypal && !isAwaitingAuthentication ? (
        <PaypalPanel
          amountText={amountText}
          isLocal={paypalConfig.isLocal}
          isBusy={isBusy}
          onPay={() => void send(buildBody({ type: 'paypal', returnPath: paths.checkout }))}
          onBack={onBack}
        />
      ) : isAwaitingAuthentication ? (
        <AuthenticationStep
          payment={outcome.payment}
          isStripe={stripeClientSecretOf(outcome.payment) !== null}
          message={outcome.message ?? null}
          isConfirming={confirm.isPending || stripeCard.isWorking}
          onConfirm={() =>
            void (stripeClientSecretOf(outcome.payment)
              ? authenticate(outcome.payment)
              : handleConfirm(outcome.payment))
          }
        />
      ) : (
        <form
          onSubmit={(event) => {
            if (!isStripe) {
              void form.handleSubmit((card) => send(buildBody(card)))(event);
              return;
            }
            event.preventDefault();
            void handleStripeSubmit();
          }}
          noValidate
          aria-label="Card details"
        >
          <Stack gap="sm">
            {isStripe && !publishableKey ? (
              <FormErrorAlert message={STRIPE_UNAVAILABLE} />
            ) : (
              <CardFields
                form={form}
                numberPlaceholder="4242 4242 4242 4242"
                stripe={
                  publishableKey
                    ? { publishableKey, isDisabled: isBusy, ...stripeCard.field }
                    : null
                }
              />
            )}
            <Group justify="space-between" mt="xs">
              <Button variant="default" onClick={onBack} disabled={isBusy}>
                Back
              </Button>
              <Button
                type="submit"
                loading={isBusy}
                disabled={config.isPending || (isStripe && !stripeCard.stripeJs.isSuccess)}
                leftSection={<IconLock size={16} aria-hidden />}
              >
                Pay {amountText}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
};
