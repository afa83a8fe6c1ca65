import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { variantTitleOf } from '@atelier/contract/sales/product-values';
import {
  checkGenerate,
  firstErrorMessage,
  generateVariants,
  isStaleVariant,
  type ProductFormOutput,
  type ProductFormValues,
} from '../product-form-values';
import { MoneyInput } from './money-input';

type ProductForm = UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;

/** A required number left blank is NaN, which the schema names in its own words. */
const priceMessage = (error: { type?: string; message?: string } | undefined) =>
  error?.type === 'invalid_type' ? 'Enter a price.' : error?.message;

/**
 * The product's variants, one row per combination of its options' values: SKU, barcode, price,
 * compare-at price, weight and whether stock is tracked. "Generate variants" builds the rows
 * from the options, keeping the rows whose values are unchanged.
 */
export const ProductVariantsTable = ({ form }: { form: ProductForm }) => {
  const variants = useFieldArray({ control: form.control, name: 'variants' });
  const options = useWatch({ control: form.control, name: 'options' }) ?? [];
  const currencyCode = useWatch({ control: form.control, name: 'currencyCode' }) ?? 'USD';
  const rows = useWatch({ control: form.control, name: 'variants' });
  const { errors } = form.formState;
  const generate = checkGenerate(options);
  const isStale = rows.some((variant) => isStaleVariant(variant, options));
  const hasOptions = options.length > 0;

  const handleGenerate = () => {
    variants.replace(generateVariants(options, form.getValues('variants')));
    form.clearErrors('variants');
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="product-variants">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz="h4" id="product-variants">
              Variants
            </Title>
            <Text size="sm" c="dimmed">
              {hasOptions
                ? 'One row per combination of the options you sell. Prices in the product’s currency.'
                : 'A product without options has one variant. Add an option for sizes or colors.'}
            </Text>
          </div>
          {hasOptions && !isStale ? (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              disabled={!generate.canGenerate}
              onClick={handleGenerate}
            >
              Generate variants
            </Button>
          ) : null}
        </Group>

        {isStale ? (
          <Alert color="yellow" title="The options changed" data-testid="variants-stale">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {generate.canGenerate
                  ? `Generate the ${generate.count} variants of the options; rows whose values are unchanged keep their SKU and prices.`
                  : generate.reason}
              </Text>
              <Button
                size="compact-sm"
                leftSection={<IconRefresh size={14} aria-hidden />}
                disabled={!generate.canGenerate}
                onClick={handleGenerate}
              >
                Generate variants
              </Button>
            </Stack>
          </Alert>
        ) : !generate.canGenerate && hasOptions ? (
          <Text size="sm" c="dimmed">
            {generate.reason}
          </Text>
        ) : null}

        {errors.variants?.root?.message || errors.variants?.message ? (
          <Text size="sm" c="red" role="alert">
            {errors.variants.root?.message ?? errors.variants.message}
          </Text>
        ) : null}

        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="xs" data-testid="variants-table">
            <Table.Thead>
              <Table.Tr style={{ whiteSpace: 'nowrap' }}>
                <Table.Th>Variant</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Barcode</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Compare-at price</Table.Th>
                <Table.Th>Weight (g)</Table.Th>
                <Table.Th>Tracked</Table.Th>
                {variants.fields.length > 1 ? <Table.Th>Remove</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {variants.fields.map((variant, index) => {
                const title = variantTitleOf(options, rows[index]?.optionValues ?? []);
                // Each input is named after its row: "SKU of Sage", or "SKU" alone.
                const of = (label: string) => (title === '–' ? label : `${label} of ${title}`);
                const rowErrors = errors.variants?.[index];
                const valuesError = firstErrorMessage(rowErrors?.optionValues);
                return (
                  <Table.Tr key={variant.id}>
                    <Table.Td style={{ minWidth: 110 }}>
                      <Text size="sm" fw={500}>
                        {title}
                      </Text>
                      {valuesError ? (
                        <Text size="xs" c="red">
                          {valuesError}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={of('SKU')}
                        size="xs"
                        miw={110}
                        {...form.register(`variants.${index}.sku`)}
                        error={rowErrors?.sku?.message}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={of('Barcode')}
                        size="xs"
                        miw={110}
                        {...form.register(`variants.${index}.barcode`)}
                        error={rowErrors?.barcode?.message}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Controller
                        control={form.control}
                        name={`variants.${index}.priceAmount`}
                        render={({ field }) => (
                          <MoneyInput
                            aria-label={of('Price')}
                            size="xs"
                            miw={90}
                            currencyCode={currencyCode}
                            value={field.value}
                            onChange={(amount) => field.onChange(amount ?? Number.NaN)}
                            onBlur={field.onBlur}
                            ref={field.ref}
                            error={priceMessage(rowErrors?.priceAmount)}
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Controller
                        control={form.control}
                        name={`variants.${index}.compareAtPriceAmount`}
                        render={({ field }) => (
                          <MoneyInput
                            aria-label={of('Compare-at price')}
                            size="xs"
                            miw={90}
                            currencyCode={currencyCode}
                            value={field.value ?? null}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            ref={field.ref}
                            error={rowErrors?.compareAtPriceAmount?.message}
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Controller
                        control={form.control}
                        name={`variants.${index}.weightGrams`}
                        render={({ field }) => (
                          <NumberInput
                            aria-label={of('Weight in grams')}
                            size="xs"
                            miw={70}
                            allowDecimal={false}
                            allowNegative={false}
                            hideControls
                            thousandSeparator=","
                            value={field.value ?? ''}
                            onChange={(value) =>
                              field.onChange(
                                typeof value === 'number'
                                  ? value
                                  : value.trim() === ''
                                    ? null
                                    : Number(value),
                              )
                            }
                            onBlur={field.onBlur}
                            ref={field.ref}
                            error={rowErrors?.weightGrams?.message}
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Controller
                        control={form.control}
                        name={`variants.${index}.tracked`}
                        render={({ field }) => (
                          <Switch
                            aria-label={of('Track stock')}
                            checked={field.value ?? true}
                            onChange={(event) => field.onChange(event.currentTarget.checked)}
                            onBlur={field.onBlur}
                            ref={field.ref}
                          />
                        )}
                      />
                    </Table.Td>
                    {variants.fields.length > 1 ? (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={title === '–' ? 'Remove variant' : `Remove ${title}`}
                          onClick={() => variants.remove(index)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
};
