import {
  ActionIcon,
  Button,
  Grid,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray } from 'react-hook-form';
import type { NewReceivingForm } from './new-receiving-form-schema';
import { VariantPicker } from './variant-picker';

/**
 * Goods bought elsewhere, one line each: what they are, their SKU if any, the units sent, and the
 * variant they are counted into if already known (else the receiving waits for its mapping).
 */
export const IntakeLinesFields = ({ form }: { form: NewReceivingForm }) => {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'intakeLines' });
  const { errors } = form.formState;
  const linesError = errors.intakeLines?.message ?? errors.intakeLines?.root?.message;

  return (
    <Stack gap="md">
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          None. Add goods that are not from a sourcing order: bought from another supplier, or stock
          you already hold.
        </Text>
      ) : null}
      {fields.map((field, index) => {
        const lineErrors = errors.intakeLines?.[index];
        const title = form.getValues(`intakeLines.${index}.title`);
        return (
          <Grid key={field.id} align="flex-start" data-testid="intake-line">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="What is it"
                placeholder="e.g. Canvas totes from the printer"
                required
                maxLength={300}
                {...form.register(`intakeLines.${index}.title`)}
                error={lineErrors?.title?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 2 }}>
              <TextInput
                label="SKU"
                maxLength={100}
                {...form.register(`intakeLines.${index}.sku`)}
                error={lineErrors?.sku?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 2 }}>
              <Controller
                control={form.control}
                name={`intakeLines.${index}.quantity`}
                render={({ field: quantity }) => (
                  <NumberInput
                    label="Units"
                    required
                    min={1}
                    allowDecimal={false}
                    allowNegative={false}
                    thousandSeparator=","
                    name={quantity.name}
                    ref={quantity.ref}
                    onBlur={quantity.onBlur}
                    value={quantity.value ?? ''}
                    onChange={(value) =>
                      quantity.onChange(typeof value === 'number' ? value : undefined)
                    }
                    error={lineErrors?.quantity?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 10, sm: 3 }}>
              <Controller
                control={form.control}
                name={`intakeLines.${index}.variantId`}
                render={({ field: variant }) => (
                  <VariantPicker
                    label="Variant"
                    description="Optional: or map it later"
                    value={variant.value}
                    onChange={variant.onChange}
                    error={lineErrors?.variantId?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 2, sm: 1 }} pt={{ base: 'xs', sm: 32 }}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${title.trim() || `line ${index + 1}`}`}
                onClick={() => remove(index)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Grid.Col>
          </Grid>
        );
      })}
      {linesError ? (
        <Text size="sm" c="red" role="alert">
          {linesError}
        </Text>
      ) : null}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => append({ title: '', sku: '', quantity: undefined, variantId: null })}
        >
          Add goods
        </Button>
      </Group>
    </Stack>
  );
};
