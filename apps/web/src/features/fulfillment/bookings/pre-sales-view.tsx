import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import { MAX_PRE_SALE_UNITS, type PreSale } from '@atelier/contract/fulfillment/bookings';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useDeletePreSale, usePreSales, useSavePreSale, useVariantSearch } from './booking-queries';
import { formatDay } from './booking-format';
import { ConfirmModal } from './confirm-modal';
import { NumberField } from './number-field';

const FormSchema = z
  .object({
    variantId: z.string().min(1, 'Choose the product variant.'),
    endsOn: z.string(),
    maxUnits: z
      .number()
      .int('Whole units only.')
      .min(1, 'At least 1 unit.')
      .max(MAX_PRE_SALE_UNITS, `At most ${MAX_PRE_SALE_UNITS.toLocaleString('en-US')} units.`)
      .optional(),
  })
  .refine((values) => values.endsOn !== '' || values.maxUnits !== undefined, {
    path: ['endsOn'],
    message: 'Give an end date, a number of units, or both.',
  });
type FormValues = z.input<typeof FormSchema>;
const EMPTY: FormValues = { variantId: '', endsOn: '', maxUnits: undefined };

const VariantPicker = ({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (variantId: string) => void;
  error: string | undefined;
}) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const variants = useVariantSearch(debounced);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (variants.data?.items ?? []).map((level) => ({
    value: level.variantId,
    label: [level.sku, [level.productTitle, level.variantTitle].filter(Boolean).join(' / ')]
      .filter(Boolean)
      .join(' · '),
  }));
  const data =
    chosen && !options.some((option) => option.value === chosen.value)
      ? [chosen, ...options]
      : options;
  return (
    <Select
      label="Variant"
      description="Search by SKU or product."
      required
      searchable
      data={data}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={variants.isFetching ? 'Searching…' : 'No variant matches.'}
      onChange={(next, option) => {
        setChosen(next ? option : null);
        onChange(next ?? '');
      }}
      error={error}
    />
  );
};

/** Sets a variant's pre-sale: orders taken while out of stock, until a day and/or up to units. */
const PreSaleForm = () => {
  const save = useSavePreSale();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(FormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({
        variantId: values.variantId,
        body: { endsOn: values.endsOn || null, maxUnits: values.maxUnits ?? null },
      });
      notifications.show({ color: 'green', message: `Pre-sale of ${saved.variantLabel} saved.` });
      form.reset(EMPTY);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(ERROR_MESSAGES.generic);
        return;
      }
      let isShownOnField = false;
      for (const [path, message] of Object.entries(listFieldErrors(error))) {
        if (!['variantId', 'endsOn', 'maxUnits'].includes(path)) continue;
        form.setError(path as FieldPath<FormValues>, { type: 'server', message });
        isShownOnField = true;
      }
      setFormError(isShownOnField || error.isHandled ? null : error.message);
    }
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Set up a pre-sale">
      <Title order={2} fz="h5" mb="sm">
        Set up a pre-sale
      </Title>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Pre-sale">
        <Stack gap="sm">
          <FormErrorAlert message={formError} />
          <Controller
            control={form.control}
            name="variantId"
            render={({ field }) => (
              <VariantPicker
                value={field.value}
                onChange={field.onChange}
                error={errors.variantId?.message}
              />
            )}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Take orders until"
              description="The last day, inclusive."
              type="date"
              {...form.register('endsOn')}
              error={errors.endsOn?.message}
            />
            <NumberField
              control={form.control}
              name="maxUnits"
              label="Up to units"
              description="Sold beyond your stock."
              error={errors.maxUnits?.message}
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save pre-sale
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

/**
 * Issue 15 pre-sale (fulfillment tile "set up a pre sale"): a variant's orders are taken while
 * it is out of stock, until a day and/or up to a number of units; the store's pre-sales listed,
 * each ended after a confirmation.
 */
export const PreSalesView = () => {
  const preSales = usePreSales();
  const remove = useDeletePreSale();
  const [ending, setEnding] = useState<PreSale | null>(null);
  const [endError, setEndError] = useState<string | null>(null);
  const rows = preSales.data?.items ?? [];
  return (
    <Stack gap="lg">
      <PreSaleForm />
      {preSales.isError ? (
        <Alert color="red" title="The pre-sales could not be loaded">
          <Button size="compact-sm" variant="light" onClick={() => void preSales.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : preSales.isPending ? (
        <Skeleton height={88} radius="md" aria-label="Loading the pre-sales" />
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="no-pre-sales">
          <EmptyState
            icon={<IconCalendarEvent size={28} stroke={1.5} />}
            variant="light"
            title="No pre-sales yet"
            description="Sell a variant before its stock arrives: orders wait at the center and ship when the goods are received."
          />
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="xs" aria-label="Pre-sales">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Variant</Table.Th>
                <Table.Th>Until</Table.Th>
                <Table.Th ta="right">Up to units</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.variantId}>
                  <Table.Td>{row.variantLabel}</Table.Td>
                  <Table.Td>{row.endsOn ? formatDay(row.endsOn) : 'No end date'}</Table.Td>
                  <Table.Td ta="right">
                    {row.maxUnits === null ? 'No limit' : row.maxUnits.toLocaleString('en-US')}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={row.isActive ? 'green' : 'gray'}>
                      {row.isActive ? 'Taking orders' : 'Ended'}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setEnding(row)}
                    >
                      End
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Text size="sm" c="dimmed">
        Saving a variant again replaces its pre-sale.
      </Text>
      <ConfirmModal
        opened={ending !== null}
        title="End this pre-sale?"
        message={`${ending?.variantLabel ?? ''} stops taking orders while it is out of stock. Orders already taken stay.`}
        confirmLabel="End pre-sale"
        isPending={remove.isPending}
        error={endError}
        onClose={() => {
          setEnding(null);
          setEndError(null);
        }}
        onConfirm={() => {
          if (!ending) return;
          remove.mutate(ending.variantId, {
            onSuccess: () => setEnding(null),
            onError: (failure) =>
              setEndError(isApiError(failure) ? failure.message : ERROR_MESSAGES.generic),
          });
        }}
      />
    </Stack>
  );
};
