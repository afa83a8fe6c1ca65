import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import type { Country, State } from '@atelier/contract/reference/geography';
import type {
  ShippingAddressFormOutput,
  ShippingAddressFormValues,
} from '../shipping-address-form';

/**
 * The reference data an address is chosen from (countries, a country's states), read through
 * the queries of the feature that owns it; the route passes them in.
 */
export type AddressReference = {
  useCountries: () => UseQueryResult<{ items: Country[] }>;
  useStates: (countryCode: string | null) => UseQueryResult<{ items: State[] }>;
};

type ShippingAddressFieldsProps = {
  form: UseFormReturn<ShippingAddressFormValues, unknown, ShippingAddressFormOutput>;
  reference: AddressReference;
};

const byLabel = (a: { label: string }, b: { label: string }) =>
  a.label.localeCompare(b.label, 'en');

/**
 * Spec §2 shipping details: where the goods go. The country and the state are chosen from the
 * reference data; a country without states asks for none.
 */
export const ShippingAddressFields = ({ form, reference }: ShippingAddressFieldsProps) => {
  const countries = reference.useCountries();
  const countryCode = useWatch({ control: form.control, name: 'shippingAddress.countryCode' });
  const states = reference.useStates(countryCode || null);
  const errors = form.formState.errors.shippingAddress;

  const countryOptions = useMemo(
    () =>
      (countries.data?.items ?? [])
        .map((country) => ({ value: country.code, label: country.name }))
        .sort(byLabel),
    [countries.data],
  );
  const stateOptions = useMemo(
    () =>
      (states.data?.items ?? [])
        .map((state) => ({ value: state.code, label: state.name }))
        .sort(byLabel),
    [states.data],
  );
  const hasStates = stateOptions.length > 0;

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label="Recipient’s name"
          required
          autoComplete="shipping name"
          {...form.register('shippingAddress.name')}
          error={errors?.name?.message}
        />
        <TextInput
          label="Company"
          autoComplete="shipping organization"
          {...form.register('shippingAddress.company')}
          error={errors?.company?.message}
        />
      </SimpleGrid>
      <TextInput
        label="Street address"
        required
        autoComplete="shipping address-line1"
        {...form.register('shippingAddress.line1')}
        error={errors?.line1?.message}
      />
      <TextInput
        label="Apartment, suite, floor"
        autoComplete="shipping address-line2"
        {...form.register('shippingAddress.line2')}
        error={errors?.line2?.message}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <Controller
          control={form.control}
          name="shippingAddress.countryCode"
          render={({ field }) => (
            <Select
              label="Country"
              required
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              autoComplete="shipping country"
              placeholder={countries.isPending ? 'Loading countries…' : 'Choose a country'}
              data={countryOptions}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value ?? '');
                form.setValue('shippingAddress.stateCode', '');
              }}
              searchable
              nothingFoundMessage="No country by that name"
              maxDropdownHeight={260}
              comboboxProps={{ withinPortal: true }}
              error={
                errors?.countryCode?.message ??
                (countries.isError ? 'The countries could not be loaded.' : undefined)
              }
            />
          )}
        />
        <Controller
          control={form.control}
          name="shippingAddress.stateCode"
          render={({ field }) => (
            <Select
              label="State or province"
              required={hasStates}
              disabled={!hasStates}
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              placeholder={
                states.isFetching
                  ? 'Loading states…'
                  : hasStates
                    ? 'Choose a state'
                    : 'None needed for this country'
              }
              data={stateOptions}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              searchable
              nothingFoundMessage="No state by that name"
              maxDropdownHeight={260}
              comboboxProps={{ withinPortal: true }}
              error={errors?.stateCode?.message}
            />
          )}
        />
        <TextInput
          label="City"
          required
          autoComplete="shipping address-level2"
          {...form.register('shippingAddress.city')}
          error={errors?.city?.message}
        />
        <TextInput
          label={countryCode === 'US' ? 'ZIP code' : 'Postal code'}
          autoComplete="shipping postal-code"
          {...form.register('shippingAddress.postalCode')}
          error={errors?.postalCode?.message}
        />
      </SimpleGrid>
      <TextInput
        label="Phone"
        type="tel"
        autoComplete="shipping tel"
        {...form.register('shippingAddress.phone')}
        error={errors?.phone?.message}
      />
    </Stack>
  );
};

/** Whether the chosen country has states (so one must be chosen), from the reference data. */
export const useCountryHasStates = (
  reference: AddressReference,
  countryCode: string,
): boolean | undefined => {
  const states = reference.useStates(countryCode || null);
  return states.data ? states.data.items.length > 0 : undefined;
};
