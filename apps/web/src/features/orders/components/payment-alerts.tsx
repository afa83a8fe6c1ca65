import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Payment } from '@atelier/contract/orders/invoice';
import { FormErrorAlert } from '@/components/ui/form-error-alert';

type PaymentProgressAlertProps = {
  title: string;
  testId?: string;
  children: ReactNode;
};

/** A payment step under way elsewhere (the bank, Stripe, PayPal): nothing to do but wait. */
export const PaymentProgressAlert = ({ title, testId, children }: PaymentProgressAlertProps) => (
  <Alert
    color="blue"
    variant="light"
    icon={<Loader size={16} />}
    title={title}
    role="status"
    data-testid={testId}
  >
    {children}
  </Alert>
);

/** What a payment request came to, short of a completed payment, on every card form. */
export type PaymentOutcome =
  | { kind: 'declined'; reason: string }
  | { kind: 'pending'; payment: Payment }
  /** No answer we can trust: the same attempt may be sent again (same key). */
  | { kind: 'unknown'; message: string; retry: () => void }
  | { kind: 'refused'; message: string };

type PaymentOutcomeAlertProps = {
  outcome: PaymentOutcome;
  /** After a decline's reason: "Nothing was charged: try another card." */
  declinedText: string;
  /** After the provider's word on a payment still processing: where the payer sees it end. */
  pendingText: string;
  /** A retry is under way. */
  isBusy: boolean;
};

export const PaymentOutcomeAlert = ({
  outcome,
  declinedText,
  pendingText,
  isBusy,
}: PaymentOutcomeAlertProps) => {
  switch (outcome.kind) {
    case 'declined':
      return (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="Payment declined"
          role="alert"
        >
          {outcome.reason} {declinedText}
        </Alert>
      );
    case 'pending':
      return (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title="Payment not confirmed yet"
          role="alert"
        >
          {outcome.payment.failureReason ??
            'The payment provider is still processing this payment.'}{' '}
          {pendingText}
        </Alert>
      );
    case 'unknown':
      return (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title="No answer from the payment"
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {outcome.message} Try again: a retry of the same payment never charges twice.
            </Text>
            <Button size="xs" variant="white" onClick={outcome.retry} loading={isBusy}>
              Try again
            </Button>
          </Stack>
        </Alert>
      );
    case 'refused':
      return <FormErrorAlert message={outcome.message} />;
  }
};

const PAYMENT_OUTCOME_KINDS: ReadonlySet<string> = new Set([
  'declined',
  'pending',
  'unknown',
  'refused',
]);

/** Whether a form's outcome is one that `PaymentOutcomeAlert` shows. */
export const isPaymentOutcome = (outcome: { kind: string } | null): outcome is PaymentOutcome =>
  outcome !== null && PAYMENT_OUTCOME_KINDS.has(outcome.kind);
