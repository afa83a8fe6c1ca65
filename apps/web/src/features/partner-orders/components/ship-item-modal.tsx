import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { shipPartnerOrderItem, type OrderItem } from '@atelier/contract/orders/order-item-api';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useShipPartnerOrderItem } from '../api/partner-order-item-queries';
import { formatShippedOfTotal, formatUnits, remainingToShip } from '../partner-orders-format';

/**
 * The contract's ship body, with the parcel's units required here and capped at what remains
 * (the server refuses more with 400 on `quantity` too).
 */
const shipFormSchemaOf = (remaining: number) =>
  shipPartnerOrderItem.body.extend({
    quantity: shipPartnerOrderItem.body.shape.quantity
      .unwrap()
      .max(remaining, `Only ${formatUnits(remaining)} remain to ship.`),
  });
type ShipFormSchema = ReturnType<typeof shipFormSchemaOf>;
type ShipFormValues = z.input<ShipFormSchema>;

type ShipItemModalProps = {
  item: OrderItem;
  onClose: () => void;
  onShipped: (item: OrderItem) => void;
};

/**
 * "Mark shipped": a parcel of an item in production (issue 12 partial shipments): its units (all
 * that remain unless fewer are typed), carrier and tracking number. A refusal the server explains
 * (the item was canceled or shipped meanwhile: 409; more than remains: 400 on the quantity)
 * shows here.
 */
export const ShipItemModal = ({ item, onClose, onShipped }: ShipItemModalProps) => {
  const ship = useShipPartnerOrderItem();
  const [formError, setFormError] = useState<string | null>(null);
  const remaining = remainingToShip(item);
  const schema = useMemo(() => shipFormSchemaOf(remaining), [remaining]);
  const form = useForm<ShipFormValues, unknown, z.output<ShipFormSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { trackingNumber: '', carrier: '', quantity: remaining },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onShipped(await ship.mutateAsync({ itemId: item.id, ...values }));
    } catch (error) {
      setFormError(
        applyServerErrors(error, ['quantity', 'trackingNumber', 'carrier'], form.setError),
      );
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
          {item.shippedQuantity > 0 ? (
            <Text size="sm" fw={500} data-testid="shipped-so-far">
              {formatShippedOfTotal(item)} shipped · {formatUnits(remaining)} to go
            </Text>
          ) : null}
          <FormErrorAlert message={formError} />
          <Controller
            control={form.control}
            name="quantity"
            render={({ field }) => (
              <NumberInput
                label="Units in this parcel"
                description={`Up to ${formatUnits(remaining)}; ship the rest in later parcels.`}
                required
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=","
                min={1}
                max={remaining}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={typeof field.value === 'number' ? field.value : ''}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
                error={errors.quantity?.message}
              />
            )}
          />
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
