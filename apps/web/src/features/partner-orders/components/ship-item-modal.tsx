import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { shipPartnerOrderItem, type OrderItem } from '@atelier/contract/orders/order-item-api';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useShipPartnerOrderItem } from '../api/partner-order-item-queries';
import { formatUnits } from '../partner-orders-format';

const ShipFormSchema = shipPartnerOrderItem.body;
type ShipFormValues = z.input<typeof ShipFormSchema>;

type ShipItemModalProps = {
  item: OrderItem;
  onClose: () => void;
  onShipped: (item: OrderItem) => void;
};

/**
 * "Mark shipped": the carrier and tracking number of an item in production. A refusal the
 * server explains (the item was canceled or shipped meanwhile: 409) shows its message here.
 */
export const ShipItemModal = ({ item, onClose, onShipped }: ShipItemModalProps) => {
  const ship = useShipPartnerOrderItem();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ShipFormValues, unknown, z.output<typeof ShipFormSchema>>({
    resolver: zodResolver(ShipFormSchema),
    defaultValues: { trackingNumber: '', carrier: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onShipped(await ship.mutateAsync({ itemId: item.id, ...values }));
    } catch (error) {
      setFormError(applyServerErrors(error, ['trackingNumber', 'carrier'], form.setError));
    }
  });

  return (
    <Modal opened onClose={onClose} title="Mark shipped">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Mark shipped">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {item.title}, {formatUnits(item.quantity)} for {item.storeTitle}. The store sees the
            tracking number in the conversation.
          </Text>
          <FormErrorAlert message={formError} />
          <TextInput
            label="Carrier"
            placeholder="e.g. DHL Express"
            required
            data-autofocus
            {...form.register('carrier')}
            error={errors.carrier?.message}
          />
          <TextInput
            label="Tracking number"
            required
            {...form.register('trackingNumber')}
            error={errors.trackingNumber?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={ship.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={ship.isPending}>
              Mark shipped
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
