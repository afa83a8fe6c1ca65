import { Group, Select, TextInput } from '@mantine/core';
import type { LabelAddress } from '@atelier/contract/fulfillment/shipment';

/** The reference data hooks (the catalog feature's), handed in by the page. */
export type GeographyHooks = {
  useCountries: () => { data?: { items: { code: string; name: string }[] } | undefined };
  useStatesOfCountry: (countryCode: string | null) => {
    data?: { items: { code: string; name: string }[] } | undefined;
  };
};

/** An address as the form holds it (spec §3 field names; country US by default). */
export type AddressDraft = Pick<
  LabelAddress,
  'name' | 'addressLine1' | 'city' | 'countryCode' | 'country'
> & {
  email: string;
  company: string;
  addressLine2: string;
  stateCode: string;
  zipCode: string;
  phone: string;
};

export const EMPTY_ADDRESS: AddressDraft = {
  name: '',
  email: '',
  company: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  stateCode: '',
  zipCode: '',
  phone: '',
  country: 'United States of America',
  countryCode: 'US',
};

type AddressFieldsProps = {
  /** `fromAddress` or `toAddress`: the server's field names start with it. */
  at: 'fromAddress' | 'toAddress';
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
  errors: Record<string, string>;
  geography: GeographyHooks;
};

/**
 * Spec §3 shipping label draft, one address: name, company, e-mail, phone, street lines, city,
 * state (a list where the country has states), ZIP and country.
 */
export const AddressFields = ({ at, value, onChange, errors, geography }: AddressFieldsProps) => {
  const countries = geography.useCountries();
  const states = geography.useStatesOfCountry(value.countryCode || null);
  const set = (patch: Partial<AddressDraft>) => onChange({ ...value, ...patch });
  const error = (field: string) => errors[`${at}.${field}`];
  const stateOptions = (states.data?.items ?? []).map((state) => ({
    value: state.code,
    label: `${state.name} (${state.code})`,
  }));
  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label="Name"
          required
          value={value.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={error('name')}
        />
        <TextInput
          label="Company"
          value={value.company}
          onChange={(event) => set({ company: event.currentTarget.value })}
        />
      </Group>
      <TextInput
        label="Address line 1"
        required
        value={value.addressLine1}
        onChange={(event) => set({ addressLine1: event.currentTarget.value })}
        error={error('addressLine1')}
      />
      <TextInput
        label="Address line 2"
        value={value.addressLine2}
        onChange={(event) => set({ addressLine2: event.currentTarget.value })}
      />
      <Group grow align="flex-start">
        <TextInput
          label="City"
          required
          value={value.city}
          onChange={(event) => set({ city: event.currentTarget.value })}
          error={error('city')}
        />
        {stateOptions.length > 0 ? (
          <Select
            label="State"
            searchable
            data={stateOptions}
            value={value.stateCode || null}
            onChange={(code) => set({ stateCode: code ?? '' })}
            error={error('stateCode')}
          />
        ) : (
          <TextInput
            label="State or region code"
            value={value.stateCode}
            onChange={(event) => set({ stateCode: event.currentTarget.value })}
            error={error('stateCode')}
          />
        )}
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label="ZIP or postal code"
          value={value.zipCode}
          onChange={(event) => set({ zipCode: event.currentTarget.value })}
          error={error('zipCode')}
        />
        <Select
          label="Country"
          searchable
          data={(countries.data?.items ?? []).map((country) => ({
            value: country.code,
            label: country.name,
          }))}
          value={value.countryCode}
          onChange={(code) => {
            const country = countries.data?.items.find((one) => one.code === code);
            if (code) set({ countryCode: code, country: country?.name ?? code, stateCode: '' });
          }}
          allowDeselect={false}
          error={error('countryCode')}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label="E-mail"
          type="email"
          value={value.email}
          onChange={(event) => set({ email: event.currentTarget.value })}
          error={error('email')}
        />
        <TextInput
          label="Phone"
          value={value.phone}
          onChange={(event) => set({ phone: event.currentTarget.value })}
        />
      </Group>
    </>
  );
};

/** The address to send (empty optional fields as null). */
export const addressOf = (draft: AddressDraft): LabelAddress => ({
  name: draft.name.trim(),
  email: draft.email.trim() || null,
  company: draft.company.trim() || null,
  addressLine1: draft.addressLine1.trim(),
  addressLine2: draft.addressLine2.trim() || null,
  city: draft.city.trim(),
  state: null,
  stateCode: draft.stateCode.trim() || null,
  zipCode: draft.zipCode.trim() || null,
  phone: draft.phone.trim() || null,
  country: draft.country,
  countryCode: draft.countryCode,
});
