import { Blockquote, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import { formatMoney } from '@atelier/contract/common/money';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError } from '@/lib/api-error';
import { useConfirmPartnerOrderItemCancel } from '../api/partner-order-item-queries';
import { formatUnits } from '../partner-orders-format';

type ConfirmCancelModalProps = {
  item: OrderItem;
  onClose: () => void;
  onCanceled: (item: OrderItem) => void;
};

/**
 * "Confirm cancel and refund": the store asked to cancel an item in production; confirming
 * cancels it and refunds the store its share of the payment through the payment provider. A
 * refusal the server explains (409: the refund failed, the item shipped meanwhile) shows here.
 */
export const ConfirmCancelModal = ({ item, onClose, onCanceled }: ConfirmCancelModalProps) => {
  const confirmCancel = useConfirmPartnerOrderItemCancel();
  const [error, setError] = useState<string | null>(null);

  const handleConfirm = async () => {
    setError(null);
    try {
      onCanceled(await confirmCancel.mutateAsync({ itemId: item.id }));
    } catch (failure) {
      // A failure the client told already (a 5xx toast) is not repeated here.
      if (!isApiError(failure)) setError(ERROR_MESSAGES.generic);
      else if (!failure.isHandled) setError(failure.message);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Cancel and refund this item?" size={500} centered>
      <Stack gap="sm">
        <Text size="sm">
          {item.storeTitle} asked to cancel <strong>{item.title}</strong>,{' '}
          {formatUnits(item.quantity)} (
          {formatMoney({ amount: item.amount, currencyCode: item.currencyCode })}).
        </Text>
        {item.cancelReason ? (
          <Blockquote color="orange" p="xs" pl="md" fz="sm" aria-label="The store's reason">
            {item.cancelReason}
          </Blockquote>
        ) : null}
        <Text size="sm">
          Confirming cancels the item and refunds {item.storeTitle} its share of the payment through
          the payment provider. This cannot be undone.
        </Text>
        <FormErrorAlert message={error} />
        <Group justify="flex-end" mt="xs">
          <Button
            variant="default"
            onClick={onClose}
            disabled={confirmCancel.isPending}
            data-autofocus
          >
            Keep producing
          </Button>
          <Button
            color="red"
            loading={confirmCancel.isPending}
            onClick={() => void handleConfirm()}
          >
            Confirm cancel and refund
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
