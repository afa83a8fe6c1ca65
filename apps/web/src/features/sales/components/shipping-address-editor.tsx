import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconPencil } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { postalAddressLines } from '@/components/ui/postal-address-lines';
import type { Country } from '@atelier/contract/reference/geography';
import type { PostalAddress, StoreOrder } from '@atelier/contract/sales/order';
import { UpdateShippingAddressInputSchema } from '@atelier/contract/sales/order-operations';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import {
  type UpdateShippingAddressInput,
  useUpdateOrderShippingAddress,
} from '../api/order-queries';
import { OrderSection } from './order-section';

/** Every country of the reference data, read through the query of the feature that owns it. */
export type UseCountries = () => UseQueryResult<{ items: Country[] }>;

/** An address as lines of text; the parts a channel left out are skipped. */
export const AddressLines = ({ address }: { address: PostalAddress | null }) => {
  if (!address) return <Text c="dimmed">None given</Text>;
  const lines = postalAddressLines(address);
  return (
    <Stack gap={0}>
      {lines.map((line, index) => (
        // The lines never move; two may read the same (a name that is also the company).
        <Text key={index} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
};

const orNull = (value: string): string | null => (value.trim() === '' ? null : value);

/**
 * Inputs hold text; an empty optional part means "none" and codes are upper case. The contract's
 * schema has the rules (the street, city and country are required).
 */
const AddressFormSchema = z
  .object({
    name: z.string(),
    company: z.string(),
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    stateCode: z.string(),
    postalCode: z.string(),
    countryCode: z.string(),
    phone: z.string(),
  })
  .transform((values) => ({
    ...values,
    name: orNull(values.name),
    company: orNull(values.company),
    line2: orNull(values.line2),
    stateCode: orNull(values.stateCode.trim().toUpperCase()),
    postalCode: orNull(values.postalCode),
    countryCode: values.countryCode.trim().toUpperCase(),
    phone: orNull(values.phone),
  }))
  .pipe(UpdateShippingAddressInputSchema);

type AddressFormValues = z.input<typeof AddressFormSchema>;
type AddressField = keyof AddressFormValues;

const ADDRESS_FIELDS: readonly AddressField[] = [
  'name',
  'company',
  'line1',
  'line2',
  'city',
  'stateCode',
  'postalCode',
  'countryCode',
  'phone',
];

const toFormValues = (address: PostalAddress | null): AddressFormValues =>
  Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [field, address?.[field] ?? '']),
  ) as AddressFormValues;

type AddressFormProps = {
  orderId: string;
  address: PostalAddress | null;
  useCountries: UseCountries;
  onCancel: () => void;
  onSaved: () => void;
};

const AddressForm = ({ orderId, address, useCountries, onCancel, onSaved }: AddressFormProps) => {
  const update = useUpdateOrderShippingAddress(orderId);
  const countries = useCountries();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AddressFormValues, unknown, UpdateShippingAddressInput>({
    resolver: zodResolver(AddressFormSchema),
    defaultValues: toFormValues(address),
  });
  const { errors } = form.formState;
  const currentCode = address?.countryCode ?? null;

  const countryOptions = useMemo(() => {
    const options = (countries.data?.items ?? [])
      .map((country) => ({ value: country.code, label: country.name }))
      .sort((a, b) => a.label.localeCompare(b.label, 'en'));
    // A code the reference data lacks stays choosable rather than silently dropped.
    if (currentCode && !options.some((option) => option.value === currentCode)) {
      options.unshift({ value: currentCode, label: currentCode });
    }
    return options;
  }, [countries.data, currentCode]);

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(values);
      onSaved();
    } catch (error) {
      setFormError(applyServerErrors(error, ADDRESS_FIELDS, form.setError));
    }
  });

  const textField = (field: AddressField, label: string, extra: { required?: boolean } = {}) => (
    <TextInput label={label} {...extra} {...form.register(field)} error={errors[field]?.message} />
  );

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Shipping address">
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label="Name"
            data-autofocus
            {...form.register('name')}
            error={errors.name?.message}
          />
          {textField('company', 'Company')}
        </SimpleGrid>
        {textField('line1', 'Address line 1', { required: true })}
        {textField('line2', 'Address line 2')}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {textField('city', 'City', { required: true })}
          <TextInput
            label="State code"
            description="Where the country has states, e.g. NC"
            {...form.register('stateCode')}
            error={errors.stateCode?.message}
          />
          {textField('postalCode', 'Postal code')}
          <Controller
            control={form.control}
            name="countryCode"
            render={({ field }) =>
              countries.isError ? (
                <TextInput
                  label="Country code"
                  description="Two letters, e.g. US"
                  required
                  maxLength={2}
                  {...field}
                  error={errors.countryCode?.message}
                />
              ) : (
                <Select
                  label="Country"
                  required
                  ref={field.ref}
                  name={field.name}
                  onBlur={field.onBlur}
                  placeholder={countries.isPending ? 'Loading countries…' : 'Choose a country'}
                  data={countryOptions}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  searchable
                  nothingFoundMessage="No country by that name"
                  maxDropdownHeight={240}
                  comboboxProps={{ withinPortal: true, keepMounted: false }}
                  error={errors.countryCode?.message}
                />
              )
            }
          />
        </SimpleGrid>
        {textField('phone', 'Phone')}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save address
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Why the address cannot change, or null when it can. */
const lockReason = (order: Pick<StoreOrder, 'cancelState' | 'fulfillmentState'>) =>
  order.cancelState === 'CANCELED'
    ? 'Canceled orders keep their address.'
    : order.fulfillmentState !== 'NONE'
      ? 'Sent orders keep their address.'
      : null;

type ShippingAddressEditorProps = {
  order: Pick<StoreOrder, 'id' | 'shippingAddress' | 'cancelState' | 'fulfillmentState'>;
  useCountries: UseCountries;
};

/** Spec §7 shipping-address: the order's address, changed in a modal until the order is sent. */
export const ShippingAddressEditor = ({ order, useCountries }: ShippingAddressEditorProps) => {
  const [isOpen, setIsOpen] = useState(false);
  const reasonId = useId();
  const reason = lockReason(order);

  return (
    <OrderSection
      title="Shipping address"
      action={
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => setIsOpen(true)}
          disabled={reason !== null}
          aria-label="Edit the shipping address"
          aria-describedby={reason ? reasonId : undefined}
        >
          Edit
        </Button>
      }
    >
      <AddressLines address={order.shippingAddress} />
      {reason ? (
        <Text id={reasonId} size="xs" c="dimmed" mt="xs">
          {reason}
        </Text>
      ) : null}
      <Modal
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        title="Edit the shipping address"
        size="lg"
        centered
      >
        <AddressForm
          orderId={order.id}
          address={order.shippingAddress}
          useCountries={useCountries}
          onCancel={() => setIsOpen(false)}
          onSaved={() => setIsOpen(false)}
        />
      </Modal>
    </OrderSection>
  );
};
