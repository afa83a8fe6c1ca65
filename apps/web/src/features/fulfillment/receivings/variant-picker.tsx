import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { InventoryLevel } from '@atelier/contract/fulfillment/inventory';
import { useInventoryLevels } from '../api/inventory-queries';

/** A variant as the receiving shows it once mapped: "SKU · Product / options". */
const optionOf = (level: InventoryLevel): ComboboxItem => ({
  value: level.variantId,
  label: [level.sku, [level.productTitle, level.variantTitle].filter(Boolean).join(' / ')]
    .filter(Boolean)
    .join(' · '),
});

type VariantPickerProps = {
  label: string;
  value: string | null;
  onChange: (variantId: string | null) => void;
  error?: string | undefined;
  description?: string;
};

/**
 * One of the store's tracked variants, searched by SKU or product title on the server (the
 * Stock list's search), first page only: typing narrows it.
 */
export const VariantPicker = ({
  label,
  value,
  onChange,
  error,
  description,
}: VariantPickerProps) => {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  // Once a variant is chosen the box shows its label; that is not a search.
  const [query] = useDebouncedValue(chosen && search === chosen.label ? '' : search.trim(), 250);
  const levels = useInventoryLevels(query);
  const options = (levels.data?.pages[0]?.items ?? []).map(optionOf);
  // The chosen variant stays an option while another search is shown, so its label stays.
  const data =
    chosen && chosen.value === value && !options.some((option) => option.value === value)
      ? [chosen, ...options]
      : options;
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
      data={data}
      value={value}
      onChange={(next, option) => {
        setChosen(next ? option : null);
        onChange(next);
      }}
      nothingFoundMessage={levels.isFetching ? 'Searching…' : 'No variant matches'}
      error={error}
    />
  );
};
