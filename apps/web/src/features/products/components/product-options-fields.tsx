import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { MAX_PRODUCT_OPTIONS } from '@atelier/contract/sales/product-values';
import {
  firstErrorMessage,
  type ProductFormOutput,
  type ProductFormValues,
} from '../product-form-values';

type ProductForm = UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;

const OPTION_NAME_HINTS = ['Size', 'Color', 'Material'];

/** The product's options (up to three): a name and its values each, as Size: S, M, L. */
export const ProductOptionsFields = ({ form }: { form: ProductForm }) => {
  const options = useFieldArray({ control: form.control, name: 'options' });
  const { errors } = form.formState;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="product-options">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="product-options">
            Options
          </Title>
          <Text size="sm" c="dimmed">
            Sizes, colors or materials the product comes in, up to {MAX_PRODUCT_OPTIONS}. Each
            combination of their values is a variant. Type a value and press Enter.
          </Text>
        </div>
        {options.fields.map((option, index) => {
          const optionErrors = errors.options?.[index];
          const valuesError = firstErrorMessage(optionErrors?.values);
          const position = index + 1;
          return (
            <Group key={option.id} align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={`Option ${position} name`}
                placeholder={OPTION_NAME_HINTS[index]}
                w={{ base: '100%', xs: 180 }}
                {...form.register(`options.${index}.name`)}
                error={optionErrors?.name?.message}
              />
              <Controller
                control={form.control}
                name={`options.${index}.values`}
                render={({ field }) => (
                  <TagsInput
                    label={`Option ${position} values`}
                    placeholder="Type a value, then Enter"
                    style={{ flex: '1 1 240px' }}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    splitChars={[',']}
                    clearable
                    error={valuesError}
                  />
                )}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={25}
                aria-label={`Remove option ${position}`}
                onClick={() => options.remove(index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        {options.fields.length < MAX_PRODUCT_OPTIONS ? (
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => options.append({ name: '', values: [] })}
            >
              Add option
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
};
