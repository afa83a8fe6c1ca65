import { Button, Group, NumberInput, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import type { ReceivingItem } from '@atelier/contract/fulfillment/receiving';
import { anEmptyCarton, type ReceiveForm } from './receive-form-schema';
import { formatUnits } from './receiving-format';

type UnitsInputProps = {
  form: ReceiveForm;
  name: `cartons.${number}.counts.${number}.${'quantity' | 'damaged'}`;
  label: string;
  error: string | undefined;
};

const UnitsInput = ({ form, name, label, error }: UnitsInputProps) => (
  <Controller
    control={form.control}
    name={name}
    render={({ field }) => (
      <NumberInput
        aria-label={label}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        hideControls
        name={field.name}
        ref={field.ref}
        onBlur={field.onBlur}
        value={field.value ?? ''}
        onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
        error={error}
      />
    )}
  />
);

/** Units counted per item over every carton so far, against those expected. */
const CountedSoFar = ({ form, items }: { form: ReceiveForm; items: readonly ReceivingItem[] }) => {
  const cartons = useWatch({ control: form.control, name: 'cartons' });
  return (
    <Text size="sm" c="dimmed" aria-live="polite" data-testid="counted-so-far">
      Counted so far:{' '}
      {items
        .map((item, index) => {
          const counted = cartons.reduce(
            (sum, carton) => sum + (carton.counts[index]?.quantity ?? 0),
            0,
          );
          return `${item.title} ${formatUnits(counted)} of ${formatUnits(item.expectedQuantity)}`;
        })
        .join(' · ')}
    </Text>
  );
};

/**
 * The count carton by carton: per carton, the units of each item in it (damaged ones included)
 * and how many of them are damaged; an item left empty is not in the carton.
 */
export const CartonFields = ({
  form,
  items,
}: {
  form: ReceiveForm;
  items: readonly ReceivingItem[];
}) => {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'cartons' });
  const { errors } = form.formState;
  const cartonsError = errors.cartons?.message ?? errors.cartons?.root?.message;
  return (
    <Stack gap="sm">
      {fields.map((field, cartonIndex) => {
        const carton = `Carton ${cartonIndex + 1}`;
        const cartonErrors = errors.cartons?.[cartonIndex];
        const cartonError = cartonErrors?.counts?.message ?? cartonErrors?.counts?.root?.message;
        return (
          <Paper
            key={field.id}
            withBorder
            p="sm"
            radius="md"
            component="fieldset"
            aria-label={carton}
          >
            <Group justify="space-between" mb={4}>
              <Text fw={600} size="sm">
                {carton}
              </Text>
              {fields.length > 1 ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove carton ${cartonIndex + 1}`}
                  onClick={() => remove(cartonIndex)}
                >
                  Remove carton
                </Button>
              ) : null}
            </Group>
            <Table verticalSpacing={4} withRowBorders={false}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th w={120}>Units</Table.Th>
                  <Table.Th w={120}>Damaged</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item, itemIndex) => {
                  const countErrors = cartonErrors?.counts?.[itemIndex];
                  return (
                    <Table.Tr key={item.id}>
                      <Table.Td>
                        <Text size="sm">{item.title}</Text>
                        {item.variantLabel ? (
                          <Text size="xs" c="dimmed">
                            {item.variantLabel}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <UnitsInput
                          form={form}
                          name={`cartons.${cartonIndex}.counts.${itemIndex}.quantity`}
                          label={`${carton}: units of ${item.title}`}
                          error={countErrors?.quantity?.message}
                        />
                      </Table.Td>
                      <Table.Td>
                        <UnitsInput
                          form={form}
                          name={`cartons.${cartonIndex}.counts.${itemIndex}.damaged`}
                          label={`${carton}: damaged ${item.title}`}
                          error={countErrors?.damaged?.message}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            {cartonError ? (
              <Text size="sm" c="red" role="alert" mt={4}>
                {cartonError}
              </Text>
            ) : null}
          </Paper>
        );
      })}
      {cartonsError ? (
        <Text size="sm" c="red" role="alert">
          {cartonsError}
        </Text>
      ) : null}
      <Group justify="space-between" wrap="wrap">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => append(anEmptyCarton(items), { shouldFocus: false })}
        >
          Add carton
        </Button>
        <CountedSoFar form={form} items={items} />
      </Group>
    </Stack>
  );
};
