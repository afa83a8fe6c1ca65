import { Group, Pill } from '@mantine/core';
import {
  MOQ_BUCKETS,
  ORDER_COUNT_BUCKETS,
  ORDER_VOLUME_BUCKETS,
  PRODUCTION_TIME_BUCKETS,
  SAMPLE_PRICE_BUCKETS,
} from '@atelier/contract/catalog/filters';
import { REGION_NAMES } from '@atelier/contract/reference/geography';
import { canShowFlagEmoji } from '@/lib/flag-support';
import { flagPrefix } from '../catalog-format';
import {
  chooseCategoryEntry,
  entryOfPath,
  FILTER_KEYS,
  type FilterKey,
  type SearchFilters,
  setFilter,
  setRegion,
  type SourcingSearchState,
  toggleCategory,
  toggleCountry,
} from '../search-state';

const FILTER_LABELS: { [K in FilterKey]: (value: NonNullable<SearchFilters[K]>) => string } = {
  samplePrice: (value) => `Sample ${SAMPLE_PRICE_BUCKETS[value].label}`,
  moq: (value) => `MOQ ${MOQ_BUCKETS[value].label}`,
  orderVolume: (value) => `Volume ${ORDER_VOLUME_BUCKETS[value].label}`,
  orderCount: (value) => ORDER_COUNT_BUCKETS[value].label,
  rating: (value) => `${value}★ & up`,
  productionTime: (value) => `Production ${PRODUCTION_TIME_BUCKETS[value].label.toLowerCase()}`,
};

type ActiveFiltersProps = {
  state: SourcingSearchState;
  onChange: (next: SourcingSearchState) => void;
  categoryName: (categoryId: number) => string;
};

/** The active filters as removable pills above the results. */
export const ActiveFilters = ({ state, onChange, categoryName }: ActiveFiltersProps) => {
  const pills: { key: string; label: string; remove: () => SourcingSearchState }[] = [];
  const entryId = state.subgroup ?? state.group ?? state.vertical;
  if (entryId !== null) {
    pills.push({
      key: 'entry',
      label: `Category: ${categoryName(entryId)}`,
      remove: () => chooseCategoryEntry(state, entryOfPath([])),
    });
  }
  for (const id of state.categoryIds) {
    pills.push({
      key: `category-${id}`,
      label: categoryName(id),
      remove: () => toggleCategory(state, id),
    });
  }
  if (state.region) {
    pills.push({
      key: 'region',
      label: REGION_NAMES[state.region],
      remove: () => setRegion(state, null),
    });
  }
  for (const code of state.countryCodes) {
    pills.push({
      key: `country-${code}`,
      label: `${flagPrefix(code, canShowFlagEmoji())}${code}`,
      remove: () => toggleCountry(state, code),
    });
  }
  for (const key of FILTER_KEYS) {
    const value = state.filters[key];
    if (value === undefined) continue;
    const label = (FILTER_LABELS[key] as (value: unknown) => string)(value);
    pills.push({ key, label, remove: () => setFilter(state, key, undefined) });
  }
  if (pills.length === 0) return null;
  return (
    <Group gap={6} aria-label="Active filters" role="group">
      {pills.map((pill) => (
        <Pill
          key={pill.key}
          withRemoveButton
          onRemove={() => onChange(pill.remove())}
          removeButtonProps={{ 'aria-label': `Remove filter ${pill.label}` }}
        >
          {pill.label}
        </Pill>
      ))}
    </Group>
  );
};
