import {
  ActionIcon,
  Button,
  NumberInput,
  Select,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { formatMoney } from '@atelier/contract/common/money';
import { INVOICE_LINE_CATEGORIES, MAX_INVOICE_LINES } from '@atelier/contract/orders/invoice';
import {
  aBlankLine,
  INVOICE_CURRENCY,
  type InvoiceFormOutput,
  type InvoiceFormValues,
} from '../invoice-form';
import { amountOrZero, LINE_CATEGORY_LABELS } from '../partner-orders-format';

type InvoiceForm = UseFormReturn<InvoiceFormValues, unknown, InvoiceFormOutput>;

const CATEGORY_OPTIONS = INVOICE_LINE_CATEGORIES.map((category) => ({
  value: category,
  label: LINE_CATEGORY_LABELS[category],
}));

/** One line's amount as typed so far (a blank or unreadable field counts 0). */
const LineAmount = ({ form, index }: { form: InvoiceForm; index: number }) => {
  const [quantity, unitPrice] = useWatch({
    control: form.control,
    name: [`lines.${index}.quantity`, `lines.${index}.unitPrice`],
  });
  const amount = (quantity ?? 0) * amountOrZero(unitPrice, INVOICE_CURRENCY);
  return (
    <Text size="sm" ta="right" fw={500} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney({ amount, currencyCode: INVOICE_CURRENCY })}
    </Text>
  );
};

/** The invoice's lines: what is sold, its kind, how many, at what unit price; added and removed. */
export const InvoiceLinesFields = ({ form }: { form: InvoiceForm }) => {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const { errors } = form.formState;
  const linesError = errors.lines?.message ?? errors.lines?.root?.message;

  return (
    <div>
      <Table.ScrollContainer minWidth={800}>
        <Table verticalSpacing={6} horizontalSpacing="xs" aria-label="Invoice lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th w={190}>Category</Table.Th>
              <Table.Th w={96}>Quantity</Table.Th>
              <Table.Th w={130}>Unit price</Table.Th>
              <Table.Th w={110} ta="right">
                Amount
              </Table.Th>
              <Table.Th w={40} aria-label="Remove" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field, index) => {
              const lineErrors = errors.lines?.[index];
              const lineNumber = index + 1;
              return (
                <Table.Tr key={field.id} style={{ verticalAlign: 'top' }}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Line ${lineNumber} item`}
                      placeholder="e.g. Heavyweight tee, black"
                      {...form.register(`lines.${index}.title`)}
                      error={lineErrors?.title?.message}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Controller
                      control={form.control}
                      name={`lines.${index}.category`}
                      render={({ field: category }) => (
                        <Select
                          aria-label={`Line ${lineNumber} category`}
                          data={CATEGORY_OPTIONS}
                          allowDeselect={false}
                          value={category.value ?? 'PRODUCT'}
                          onChange={(value) => category.onChange(value ?? 'PRODUCT')}
                          onBlur={category.onBlur}
                          error={lineErrors?.category?.message}
                        />
                      )}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Controller
                      control={form.control}
                      name={`lines.${index}.quantity`}
                      render={({ field: quantity }) => (
                        <NumberInput
                          aria-label={`Line ${lineNumber} quantity`}
                          min={1}
                          allowDecimal={false}
                          allowNegative={false}
                          thousandSeparator=","
                          hideControls
                          value={quantity.value ?? ''}
                          onChange={(value) =>
                            quantity.onChange(typeof value === 'number' ? value : null)
                          }
                          onBlur={quantity.onBlur}
                          error={lineErrors?.quantity?.message}
                        />
                      )}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Line ${lineNumber} unit price`}
                      leftSection="$"
                      inputMode="decimal"
                      placeholder="0.00"
                      {...form.register(`lines.${index}.unitPrice`)}
                      error={lineErrors?.unitPrice?.message}
                    />
                  </Table.Td>
                  <Table.Td pt={14}>
                    <LineAmount form={form} index={index} />
                  </Table.Td>
                  <Table.Td pt={8}>
                    <Tooltip label="Remove line" withArrow disabled={fields.length === 1}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Remove line ${lineNumber}`}
                        disabled={fields.length === 1}
                        onClick={() => remove(index)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {linesError ? (
        <Text size="sm" c="red" role="alert">
          {linesError}
        </Text>
      ) : null}
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => append(aBlankLine())}
        disabled={fields.length >= MAX_INVOICE_LINES}
        mt={4}
      >
        Add line
      </Button>
    </div>
  );
};
