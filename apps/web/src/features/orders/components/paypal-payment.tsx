import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBrandPaypal,
  IconCircleCheck,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { Payment } from '@atelier/contract/orders/invoice';
import { LinkButton } from '@/components/ui/link-button';
import { isApiError } from '@/lib/api-error';
import { useCapturePaypal } from '../api/payment-queries';
import { formatAmount } from '../orders-format';
import { PaymentProgressAlert } from './payment-alerts';

/** How the buyer pays on the payment step. */
export type PaymentChoice = 'card' | 'paypal';

/** Whether a payment was taken by PayPal (simulated locally or PayPal's own). */
export const isPaypalPayment = (payment: Pick<Payment, 'provider'>): boolean =>
  payment.provider === 'paypal' || payment.provider === 'local_paypal';

/**
 * What the web does with a PayPal payment waiting for the buyer (REQUIRES_ACTION): PayPal's
 * approval page when the server gave its url, else the local simulated approval step.
 */
export const paypalNextStepOf = (
  payment: Pick<Payment, 'provider' | 'nextAction'>,
): { kind: 'redirect'; url: string } | { kind: 'simulated' } =>
  payment.nextAction?.url
    ? { kind: 'redirect', url: payment.nextAction.url }
    : { kind: 'simulated' };

type PaypalPanelProps = {
  amountText: string;
  /** PayPal is simulated by the local provider (no PayPal page, no money moves). */
  isLocal: boolean;
  isBusy: boolean;
  onPay: () => void;
  onBack: () => void;
};

/** Spec §7 paypal-capture on the payment step: what paying with PayPal does, and the button. */
export const PaypalPanel = ({ amountText, isLocal, isBusy, onPay, onBack }: PaypalPanelProps) => (
  <Stack gap="sm" data-testid="paypal-panel">
    {isLocal ? (
      <Alert
        color="blue"
        variant="light"
        icon={<IconShieldCheck size={18} />}
        title="PayPal (simulated locally)"
        role="note"
      >
        PayPal is simulated by Atelier&apos;s local test provider: instead of PayPal&apos;s page, a
        step here lets you approve or cancel the payment. No PayPal account is needed and no money
        moves.
      </Alert>
    ) : (
      <Text size="sm">
        You will go to PayPal to log in and approve the payment, then come back here; the payment is
        taken only once you are back.
      </Text>
    )}
    <Group justify="space-between" mt="xs">
      <Button variant="default" onClick={onBack} disabled={isBusy}>
        Back
      </Button>
      <Button
        onClick={onPay}
        loading={isBusy}
        leftSection={<IconBrandPaypal size={16} aria-hidden />}
      >
        Pay {amountText} with PayPal
      </Button>
    </Group>
  </Stack>
);

type PaypalApprovalModalProps = {
  /** The payment waiting for approval; the modal is closed without one. */
  payment: Payment | null;
  /** The outcome being sent, for its button's spinner. */
  sending: 'approved' | 'cancelled' | null;
  onApprove: () => void;
  onCancel: () => void;
};

/**
 * PayPal's approval page as the local provider simulates it: the buyer approves (the payment is
 * captured) or cancels (nothing is charged; the items go back to the cart).
 */
export const PaypalApprovalModal = ({
  payment,
  sending,
  onApprove,
  onCancel,
}: PaypalApprovalModalProps) => (
  <Modal
    opened={payment !== null}
    onClose={() => {
      if (!sending) onCancel();
    }}
    title="PayPal (simulated locally)"
    closeOnClickOutside={false}
    centered
  >
    {payment ? (
      <Stack gap="sm" data-testid="paypal-approval">
        <Group gap="xs" wrap="nowrap">
          <IconBrandPaypal size={22} aria-hidden />
          <Text fw={600}>Pay {formatAmount(payment.amount, payment.currencyCode)} to Atelier</Text>
        </Group>
        <Text size="sm">
          This step stands in for PayPal&apos;s approval page. Approving completes the payment;
          canceling is what a buyer who leaves PayPal without paying does: nothing is charged and
          your items go back to the cart.
        </Text>
        <Group justify="flex-end" mt="xs">
          <Button
            variant="default"
            onClick={onCancel}
            loading={sending === 'cancelled'}
            disabled={sending === 'approved'}
          >
            Cancel payment
          </Button>
          <Button
            onClick={onApprove}
            loading={sending === 'approved'}
            disabled={sending === 'cancelled'}
            data-autofocus
          >
            Approve payment
          </Button>
        </Group>
      </Stack>
    ) : null}
  </Modal>
);

/** While the browser leaves for PayPal: a link in case it does not. */
export const PaypalRedirectNotice = ({ url }: { url: string }) => {
  useEffect(() => {
    window.location.assign(url);
  }, [url]);
  return (
    <PaymentProgressAlert title="Taking you to PayPal">
      Approve the payment at PayPal; you come back here to finish.{' '}
      <Anchor href={url}>Continue to PayPal</Anchor>
    </PaymentProgressAlert>
  );
};

type PaypalReturnProps = {
  paymentId: string;
  /** The buyer came back through PayPal's cancel url. */
  isCancelled: boolean;
  checkoutHref: string;
  ordersHref: string;
  sourcingHref: string;
};

/**
 * The buyer is back from PayPal on /checkout?paypalPayment=…: captures the payment once (or
 * cancels it) and says how it ended: paid, canceled or declined (the items back in the cart), or
 * no answer (try again: a capture never charges twice).
 */
export const PaypalReturn = ({
  paymentId,
  isCancelled,
  checkoutHref,
  ordersHref,
  sourcingHref,
}: PaypalReturnProps) => {
  const capture = useCapturePaypal();
  const outcome = isCancelled ? 'cancelled' : 'approved';
  const isSent = useRef(false);
  const { mutate } = capture;
  useEffect(() => {
    // Once per page (StrictMode runs effects twice); the server captures once anyway.
    if (isSent.current) return;
    isSent.current = true;
    mutate({ paymentId, outcome });
  }, [mutate, paymentId, outcome]);

  if (capture.isError) {
    const error = capture.error;
    return (
      <Alert
        color="orange"
        icon={<IconAlertTriangle size={18} />}
        title="The PayPal payment is not finished"
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {isApiError(error) ? error.message : 'PayPal could not be reached.'} Trying again never
            charges twice.
          </Text>
          <Group gap="xs">
            <Button size="xs" onClick={() => capture.mutate({ paymentId, outcome })}>
              Try again
            </Button>
            <LinkButton href={checkoutHref} size="xs" variant="default">
              Back to checkout
            </LinkButton>
          </Group>
        </Stack>
      </Alert>
    );
  }
  const payment = capture.data;
  if (!payment) {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text size="sm">
          {isCancelled ? 'Canceling the PayPal payment…' : 'Finishing your PayPal payment…'}
        </Text>
      </Group>
    );
  }
  if (payment.status === 'COMPLETED') {
    const count = payment.itemIds.length;
    return (
      <Stack gap="md" data-testid="paypal-paid">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="green" variant="light" size="xl" radius="xl">
            <IconCircleCheck size={26} aria-hidden />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={3} fz="h4">
              Paid {formatAmount(payment.amount, payment.currencyCode)} with PayPal
            </Title>
            <Text size="sm" c="dimmed">
              The suppliers start work on {count === 1 ? 'this item' : `these ${count} items`};
              follow them in Orders &amp; Shipments.
            </Text>
          </Stack>
        </Group>
        <Group gap="sm">
          <LinkButton href={ordersHref}>Go to Orders &amp; Shipments</LinkButton>
          <LinkButton href={sourcingHref} variant="default">
            Keep sourcing
          </LinkButton>
        </Group>
      </Stack>
    );
  }
  const isDeclined = payment.status === 'DECLINED';
  return (
    <Alert
      color={isDeclined ? 'red' : 'yellow'}
      icon={<IconAlertTriangle size={18} />}
      title={
        isDeclined
          ? isCancelled
            ? 'PayPal payment canceled'
            : 'PayPal payment declined'
          : 'PayPal payment not finished'
      }
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {payment.failureReason ?? 'The payment is still waiting for PayPal.'}{' '}
          {isDeclined ? 'Your items are back in your cart: pay again with PayPal or a card.' : ''}
        </Text>
        <LinkButton href={checkoutHref} size="xs" variant="default">
          Back to checkout
        </LinkButton>
      </Stack>
    </Alert>
  );
};
