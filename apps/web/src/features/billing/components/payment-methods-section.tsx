import { Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import type { PaymentMethod } from '@atelier/contract/billing/billing-api';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/notify';
import {
  useDetachPaymentMethod,
  useMakeDefaultPaymentMethod,
  usePaymentMethods,
} from '../api/billing-queries';
import { cardTitleOf } from '../billing-format';
import { BillingSectionCard } from './billing-section-card';
import { NewCard } from './new-card';

const expiryOf = (method: PaymentMethod): string =>
  `${String(method.expMonth).padStart(2, '0')} / ${String(method.expYear % 100).padStart(2, '0')}`;

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
