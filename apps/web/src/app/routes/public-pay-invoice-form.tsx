import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Payment, PublicInvoice } from '@atelier/contract/orders/invoice';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { hrefs } from '@/config/paths';
import { applyCardErrors, type CardPaymentMethod } from '@/components/payment/card-form';
import { CardFields, useCardForm } from '@/components/payment/card-fields';
import { authenticateWithStripe, useStripeCard } from '@/components/payment/stripe-card-field';
import { TestProviderNotice } from '@/components/payment/test-provider-notice';
import {
  type PaymentOutcome,
  PaymentOutcomeAlert,
  PaymentProgressAlert,
} from '@/features/orders/components/payment-alerts';
import {
  type AddressReference,
  ShippingAddressFields,
} from '@/features/orders/components/shipping-address-fields';
import { formatAmount } from '@/features/orders/orders-format';
import { createPaymentAttempts } from '@/features/orders/payment-attempts';
import {
  EMPTY_SHIPPING_ADDRESS,
  SHIPPING_ADDRESS_FIELDS,
  ShippingAddressFormSchema,
  type ShippingAddressFormOutput,
  type ShippingAddressFormValues,
} from '@/features/orders/shipping-address-form';
import { usePaymentSend } from '@/features/orders/use-payment-send';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import {
  type PublicPayBody,
  usePayPublicInvoice,
  usePublicPaymentConfig,
  useRefreshPublicInvoice,
} from './public-pay-invoice-queries';

/** What the last payment request came to, short of a completed payment. */
type Outcome =
  | PaymentOutcome
  | { kind: 'requires-action'; payment: Payment }
  /** Stripe's 3-D Secure: the bank's check is open, then passed (Stripe's webhook pays it). */
  | { kind: 'authenticating' }
  | { kind: 'authenticated'; payment: Payment };

type PublicPayFormProps = {
  sn: string;
  invoice: PublicInvoice;
  /** What the payment will charge, e.g. "$2,806.75". */
  amountText: string;
  reference: AddressReference;
  onPaid: (payment: Payment) => void;
  /** The invoice is no longer open (paid or voided elsewhere): the page reads it again. */
  onNotOpen: () => void;
};

const OutcomeAlert = ({
  outcome,
  storeTitle,
  isBusy,
}: {
  outcome: Outcome;
  storeTitle: string;
  isBusy: boolean;
}) => {
  switch (outcome.kind) {
    case 'requires-action':
      return (
        <Alert
          color="yellow"
          icon={<IconLock size={18} />}
          title="This card needs authentication"
          role="alert"
          data-testid="authentication-needed"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              The bank wants the card holder to confirm this payment of{' '}
              {formatAmount(outcome.payment.amount, outcome.payment.currencyCode)}, which a pay link
              cannot do. Nothing has been charged: the payment waits for that confirmation, so no
              other card can be used on this link meanwhile. Sign in to Atelier as {storeTitle} to
              complete it.
            </Text>
            <LinkButton href={hrefs.login(hrefs.ordersAndShipments())} size="xs" variant="white">
              Sign in to Atelier
            </LinkButton>
          </Stack>
        </Alert>
      );
    case 'authenticating':
      return (
        <PaymentProgressAlert title="Checking with the bank">
          The card holder&apos;s bank asks them to confirm this payment: follow its steps in the
          window Stripe shows.
        </PaymentProgressAlert>
      );
    case 'authenticated':
      return (
        <PaymentProgressAlert title="Confirmed with the bank" testId="stripe-authenticated">
          Stripe is completing the payment of{' '}
          {formatAmount(outcome.payment.amount, outcome.payment.currencyCode)}; this page shows the
          invoice paid as soon as it is, usually within seconds. There is nothing more to do.
        </PaymentProgressAlert>
      );
    case 'declined':
    case 'pending':
    case 'unknown':
    case 'refused':
      return (
        <PaymentOutcomeAlert
          outcome={outcome}
          declinedText="Nothing was charged: try another card."
          pendingText="Open this link again later to see whether the invoice is paid."
          isBusy={isBusy}
        />
      );
  }
};

/** How often, and how many times, the page reads the invoice while Stripe's webhook pays it. */
const AUTHENTICATED_REFRESH_MS = 3_000;
const AUTHENTICATED_REFRESHES = 40;

/**
 * The pay link's payment: where the goods go (unless the invoice needs no shipping), the card,
 * and one Pay button. Each attempt has its own `Idempotency-Key`; a retry of an attempt whose
 * answer never came reuses it, and anything sent after an answer (a decline) is a new attempt.
 * With Stripe (public payment config), Stripe's CardElement takes the card (it never reaches
 * Atelier) and 3-D Secure runs in Stripe.js; the link has no confirm step, so Stripe's webhook
 * pays the invoice and the page reads it again until it shows paid.
 */
export const PublicPayForm = ({
  sn,
  invoice,
  amountText,
  reference,
  onPaid,
  onNotOpen,
}: PublicPayFormProps) => {
  const pay = usePayPublicInvoice(sn);
  const config = usePublicPaymentConfig();
  const refreshInvoice = useRefreshPublicInvoice(sn);
  const isStripe = config.data?.provider === 'stripe';
  const publishableKey = isStripe ? (config.data?.publishableKey ?? null) : null;
  // Stripe.js loads only when Stripe takes cards; the local provider needs nothing online.
  const stripeCard = useStripeCard(publishableKey);
  const [attempts] = useState(() => createPaymentAttempts());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The provider that took the last payment (the public config says it before any payment).
  const [provider, setProvider] = useState<string | null>(null);
  const needsAddress = invoice.shippingMode !== 'NO_SHIPPING_NEEDED';

  const addressForm = useForm<ShippingAddressFormValues, unknown, ShippingAddressFormOutput>({
    resolver: zodResolver(ShippingAddressFormSchema),
    defaultValues: EMPTY_SHIPPING_ADDRESS,
  });
  const cardForm = useCardForm();
  const countryCode = useWatch({
    control: addressForm.control,
    name: 'shippingAddress.countryCode',
  });
  const states = reference.useStates(needsAddress && countryCode ? countryCode : null);

  /** A country with states needs one chosen: the reference data says which do. */
  const isStateMissing = () => {
    const hasStates = (states.data?.items.length ?? 0) > 0;
    if (!hasStates || addressForm.getValues('shippingAddress.stateCode')) return false;
    addressForm.setError(
      'shippingAddress.stateCode',
      { type: 'required', message: 'Choose the state or province.' },
      { shouldFocus: true },
    );
    return true;
  };

  const isAuthenticated = outcome?.kind === 'authenticated';
  useEffect(() => {
    if (!isAuthenticated) return;
    let count = 0;
    const timer = window.setInterval(() => {
      count += 1;
      if (count > AUTHENTICATED_REFRESHES) window.clearInterval(timer);
      else void refreshInvoice();
    }, AUTHENTICATED_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [isAuthenticated, refreshInvoice]);

  /** Stripe's 3-D Secure in the browser; Stripe's webhook then settles the payment. */
  const authenticate = async (payment: Payment, clientSecret: string) => {
    const stripe = stripeCard.stripeJs.data;
    if (!stripe) {
      setOutcome({ kind: 'requires-action', payment });
      return;
    }
    setOutcome({ kind: 'authenticating' });
    const message = await authenticateWithStripe(stripe, clientSecret);
    if (message) {
      setOutcome({
        kind: 'declined',
        reason: `${message} Once Stripe has told Atelier, this link takes another card.`,
      });
      void refreshInvoice();
      return;
    }
    setOutcome({ kind: 'authenticated', payment });
    void refreshInvoice();
  };

  const handleAnswer = (payment: Payment) => {
    setProvider(payment.provider);
    switch (payment.status) {
      case 'COMPLETED':
        onPaid(payment);
        return;
      case 'DECLINED':
        if (!isStripe) cardForm.setFocus('number');
        setOutcome({ kind: 'declined', reason: payment.failureReason ?? 'The card was declined.' });
        return;
      case 'REQUIRES_ACTION': {
        const clientSecret =
          payment.nextAction?.type === 'use_stripe_sdk' ? payment.nextAction.clientSecret : null;
        if (clientSecret) void authenticate(payment, clientSecret);
        else setOutcome({ kind: 'requires-action', payment });
        return;
      }
      case 'PENDING':
        setOutcome({ kind: 'pending', payment });
        return;
    }
  };

  /** A refusal: on the fields it names, else above the form. */
  const showRefusal = (error: unknown) => {
    if (isApiError(error) && error.status === 409) {
      setOutcome({ kind: 'refused', message: error.message });
      onNotOpen();
      return;
    }
    const isShown = applyCardErrors(error, cardForm.setError);
    const message = applyServerErrors(error, SHIPPING_ADDRESS_FIELDS, addressForm.setError);
    if (!isShown && message) setOutcome({ kind: 'refused', message });
  };

  const { send } = usePaymentSend<PublicPayBody>({
    attempts,
    request: pay.mutateAsync,
    setOutcome,
    onAnswer: handleAnswer,
    onRefused: showRefusal,
  });

  /** The address, then the Stripe card as a PaymentMethod made by Stripe.js. */
  const handleStripeSubmit = async () => {
    if (!stripeCard.canPay()) return;
    let address: ShippingAddressFormOutput | undefined;
    if (needsAddress) {
      await addressForm.handleSubmit((values) => {
        address = values;
      })();
      if (!address || isStateMissing()) return;
    }
    await stripeCard.payWithCard((paymentMethod) =>
      send({
        shippingAddress: address?.shippingAddress ?? null,
        discountCode: null,
        shippingAssurance: false,
        sampleAssurance: false,
        paymentMethod,
      }),
    );
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (config.data?.provider !== 'local') {
      if (isStripe) await handleStripeSubmit();
      return;
    }
    const picked: { card?: CardPaymentMethod; address?: ShippingAddressFormOutput } = {};
    await cardForm.handleSubmit((card) => {
      picked.card = card;
    })();
    // The address is above the card: its first error takes the focus.
    if (needsAddress) {
      await addressForm.handleSubmit((address) => {
        picked.address = address;
      })();
      if (picked.address && isStateMissing()) return;
    }
    if (!picked.card || (needsAddress && !picked.address)) return;
    await send({
      shippingAddress: picked.address?.shippingAddress ?? null,
      discountCode: null,
      shippingAssurance: false,
      sampleAssurance: false,
      paymentMethod: picked.card,
    });
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Pay this invoice">
      <Stack gap="lg">
        {needsAddress ? (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <Stack gap={2}>
                <Title order={2} fz="h4">
                  Shipping address
                </Title>
                <Text size="sm" c="dimmed">
                  Where {invoice.supplierName} sends the goods.
                </Text>
              </Stack>
              <ShippingAddressFields form={addressForm} reference={reference} />
            </Stack>
          </Paper>
        ) : null}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={2} fz="h4">
              Card
            </Title>
            {provider === 'local' || config.data?.provider === 'local' ? (
              <TestProviderNotice />
            ) : null}
            {outcome ? (
              <OutcomeAlert
                outcome={outcome}
                storeTitle={invoice.storeTitle}
                isBusy={pay.isPending}
              />
            ) : null}
            {outcome?.kind === 'requires-action' ||
            outcome?.kind === 'authenticating' ||
            outcome?.kind === 'authenticated' ? null : config.isPending ? (
              <Skeleton h={120} aria-label="Loading the card form" />
            ) : config.isError ? (
              <LoadError
                message="The payment settings could not be loaded."
                onRetry={() => void config.refetch()}
              />
            ) : (
              <>
                <CardFields
                  form={cardForm}
                  numberPlaceholder="1234 1234 1234 1234"
                  stripe={
                    publishableKey
                      ? {
                          publishableKey,
                          isDisabled: pay.isPending || stripeCard.isWorking,
                          ...stripeCard.field,
                        }
                      : null
                  }
                />
                <Button
                  type="submit"
                  size="md"
                  fullWidth
                  loading={pay.isPending || stripeCard.isWorking}
                  disabled={isStripe && !stripeCard.stripeJs.isSuccess}
                  leftSection={<IconLock size={16} aria-hidden />}
                >
                  Pay {amountText}
                </Button>
              </>
            )}
            <Text size="xs" c="dimmed" ta="center">
              You pay as {invoice.storeTitle}; no account is needed. {invoice.supplierName} is told
              as soon as the payment goes through.
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
};
