import { Checkbox, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { Controller, useFieldArray } from 'react-hook-form';
import type { ReceivableOrderItem } from '@atelier/contract/fulfillment/receiving';
import { LoadError } from '@/components/ui/load-error';
import { useReceivableOrderItems } from '../api/receiving-queries';
import type { NewReceivingForm } from './new-receiving-form-schema';
import { formatUnits } from './receiving-format';

const detailsOf = (item: ReceivableOrderItem) =>
  [
    item.supplierName,
    `${formatUnits(item.remainingQuantity)} of ${formatUnits(item.quantity)} still to arrive`,
    item.trackingNumber ? `${item.carrier ?? ''} ${item.trackingNumber}`.trim() : null,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The store's sourcing order items going to the fulfillment center: a checked one comes on this
 * receiving with its units still to arrive (fewer may be typed), and fills the carrier and
 * tracking number from its latest parcel when they are empty.
 */
export const OrderItemsFields = ({ form }: { form: NewReceivingForm }) => {
  const receivable = useReceivableOrderItems();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'orderItems' });
  const { errors } = form.formState;

  const handleToggle = (item: ReceivableOrderItem, isChecked: boolean) => {
    const index = fields.findIndex((field) => field.creatorOrderItemId === item.id);
    if (!isChecked) {
      if (index >= 0) remove(index);
      return;
    }
    if (index >= 0) return;
    append(
      {
        creatorOrderItemId: item.id,
        title: item.title,
        remainingQuantity: item.remainingQuantity,
        quantity: item.remainingQuantity,
      },
      { shouldFocus: false },
    );
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    if (!form.getValues('carrier').trim() && item.carrier) {
      form.setValue('carrier', item.carrier, options);
    }
    if (!form.getValues('trackingNumber').trim() && item.trackingNumber) {
      form.setValue('trackingNumber', item.trackingNumber, options);
    }
  };

  if (receivable.isPending) return <Skeleton height={60} aria-label="Loading the order items" />;
  if (receivable.isError) {
    return (
      <LoadError
        message="Your sourcing order items could not be loaded."
        onRetry={() => void receivable.refetch()}
      />
    );
  }
  if (receivable.data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No sourcing order item is on its way to the fulfillment center. Items you pay for with
        “Store at the fulfillment center” as their destination show here; goods bought elsewhere can
        be added below.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {receivable.data.items.map((item) => {
        const index = fields.findIndex((field) => field.creatorOrderItemId === item.id);
        const lineErrors = index >= 0 ? errors.orderItems?.[index] : undefined;
        return (
          <Group key={item.id} justify="space-between" align="flex-start" wrap="nowrap">
            <Checkbox
              label={item.title}
              description={detailsOf(item)}
              checked={index >= 0}
              onChange={(event) => handleToggle(item, event.currentTarget.checked)}
              error={lineErrors?.creatorOrderItemId?.message}
            />
            {index >= 0 ? (
              <Controller
                // The field array's own key keeps the input when another line goes.
                key={fields[index]!.id}
                control={form.control}
                name={`orderItems.${index}.quantity`}
                render={({ field }) => (
                  <NumberInput
                    aria-label={`Units of ${item.title}`}
                    w={140}
                    min={1}
                    max={item.remainingQuantity}
                    allowDecimal={false}
                    allowNegative={false}
                    thousandSeparator=","
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={field.value ?? ''}
                    onChange={(value) =>
                      field.onChange(typeof value === 'number' ? value : undefined)
                    }
                    error={lineErrors?.quantity?.message}
                  />
                )}
              />
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
};
