import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useSupplier, useSupplierPickerOptions } from '../api/supplier-queries';

type SupplierPickerProps = {
  value: string | null;
  onChange: (supplierId: string | null) => void;
  label?: string;
  description?: string;
};

/** Picks one supplier by name (server search), e.g. the addressee of a custom project. */
export const SupplierPicker = ({
  value,
  onChange,
  label = 'Supplier (optional)',
  description = 'Send the request to one supplier, or leave empty and the Atelier team matches suppliers.',
}: SupplierPickerProps) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const selected = useSupplier(value ?? '');
  const options = useSupplierPickerOptions(debounced);
  const data = useMemo(() => {
    const suppliers = [...(selected.data ? [selected.data] : []), ...(options.data?.items ?? [])];
    const seen = new Set<string>();
    return suppliers
      .filter((supplier) => !seen.has(supplier.id) && seen.add(supplier.id))
      .map((supplier) => ({
        value: supplier.id,
        label: `${supplier.name} (${supplier.countryCode})`,
      }));
  }, [selected.data, options.data]);

  return (
    <Select
      label={label}
      description={description}
      placeholder={value && selected.isPending ? 'Loading supplier…' : 'Any supplier'}
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No supplier by that name'}
      maxDropdownHeight={280}
      data-testid="supplier-picker"
    />
  );
};
