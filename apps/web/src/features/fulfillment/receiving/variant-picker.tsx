import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useInventoryLevels } from '../api/inventory-queries';

type VariantPickerProps = {
  label: string;
  value: string | null;
  onChange: (variantId: string | null) => void;
  error?: string | undefined;
  description?: string;
};

/** One of the store's tracked variants, searched by SKU or product title (the Stock list's). */
export const VariantPicker = ({
  label,
  value,
  onChange,
  error,
  description,
}: VariantPickerProps) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const levels = useInventoryLevels(debounced);
  const options = (levels.data?.pages[0]?.items ?? []).map((level) => ({
    value: level.variantId,
    label: [level.sku, [level.productTitle, level.variantTitle].filter(Boolean).join(' / ')]
      .filter(Boolean)
      .join(' · '),
  }));
  return (
    <Select
      label={label}
      description={description}
      placeholder="Search by SKU or product"
      searchable
      clearable
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      value={value}
      onChange={onChange}
      nothingFoundMessage={levels.isFetching ? 'Searching…' : 'No variant matches'}
      error={error}
    />
  );
};
