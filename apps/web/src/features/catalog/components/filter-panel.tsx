import { Accordion, Button, Chip, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { memo, useMemo } from 'react';
import {
  MOQ_BUCKETS,
  ORDER_COUNT_BUCKETS,
  ORDER_VOLUME_BUCKETS,
  PRODUCTION_TIME_BUCKETS,
  QUICK_PICK_COUNTRIES,
  RATING_FILTERS,
  SAMPLE_PRICE_BUCKETS,
} from '@atelier/contract/catalog/filters';
import { REGION_NAMES, type RegionCode } from '@atelier/contract/reference/geography';
import { canShowFlagEmoji } from '@/lib/flag-support';
import { useCountryInfo } from '../api/supplier-queries';
import { useCountries } from '../api/country-queries';
import { flagPrefix } from '../catalog-format';
import type { CategoryNode } from '../category-tree';
import {
  clearFilters,
  countActiveFilters,
  type FilterKey,
  type SearchFilters,
  setCountryCodes,
  setFilter,
  setRegion,
  type SourcingSearchState,
  toggleCategory,
  toggleCountry,
} from '../search-state';
import { CategoryTreeFilter } from './category-tree-filter';
import { ChoiceChips } from './choice-chips';

const optionsOf = <K extends string>(buckets: Record<K, { label: string }>) =>
  (Object.entries(buckets) as [K, { label: string }][]).map(([value, { label }]) => ({
    value,
    label,
  }));

const SAMPLE_PRICE_OPTIONS = optionsOf(SAMPLE_PRICE_BUCKETS);
const MOQ_OPTIONS = optionsOf(MOQ_BUCKETS);
const ORDER_VOLUME_OPTIONS = optionsOf(ORDER_VOLUME_BUCKETS);
const ORDER_COUNT_OPTIONS = optionsOf(ORDER_COUNT_BUCKETS);
const PRODUCTION_TIME_OPTIONS = optionsOf(PRODUCTION_TIME_BUCKETS);
const RATING_OPTIONS = RATING_FILTERS.map((value) => ({ value, label: `${value}★ & up` }));
const REGION_OPTIONS = (Object.entries(REGION_NAMES) as [RegionCode, string][]).map(
  ([value, label]) => ({ value, label }),
);
const QUICK_PICKS: readonly string[] = QUICK_PICK_COUNTRIES;

type FilterPanelProps = {
  state: SourcingSearchState;
  onChange: (next: SourcingSearchState) => void;
  /** The categories under the current entry, with item counts for the current filters. */
  categories: readonly CategoryNode[];
  /** The name of the current category entry, if any. */
  entryName?: string | null;
  /** Whether the panel shows its own "Filters" heading (a drawer has its title). */
  withHeading?: boolean;
};

const SECTIONS = [
  'category',
  'region',
  'country',
  'samplePrice',
  'moq',
  'orderVolume',
  'orderCount',
  'rating',
  'productionTime',
];

/** Country picker: the spec §9 quick picks as chips, any other ISO country from a list. */
const CountryFilter = ({ state, onChange }: Pick<FilterPanelProps, 'state' | 'onChange'>) => {
  const countries = useCountries();
  const countryInfo = useCountryInfo();
  const canShowFlags = canShowFlagEmoji();
  const data = useMemo(() => {
    const counts = new Map(
      (countryInfo.data?.items ?? []).map((info) => [info.countryCode, info.supplierCount]),
    );
    return (countries.data?.items ?? [])
      .filter((country) => !QUICK_PICKS.includes(country.code))
      .map((country) => ({
        value: country.code,
        label: `${flagPrefix(country.code, canShowFlags)}${country.name}${
          counts.has(country.code) ? ` (${counts.get(country.code)})` : ''
        }`,
        count: counts.get(country.code) ?? 0,
      }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
      .map(({ value, label }) => ({ value, label }));
  }, [countries.data, countryInfo.data, canShowFlags]);
  const quickPicked = state.countryCodes.filter((code) => QUICK_PICKS.includes(code));
  const others = state.countryCodes.filter((code) => !QUICK_PICKS.includes(code));

  return (
    <Stack gap="xs">
      <Group gap={6} role="group" aria-label="Popular countries">
        {QUICK_PICK_COUNTRIES.map((code) => (
          <Chip
            key={code}
            size="xs"
            checked={state.countryCodes.includes(code)}
            onChange={() => onChange(toggleCountry(state, code))}
          >
            {`${flagPrefix(code, canShowFlags)}${code}`}
          </Chip>
        ))}
      </Group>
      <MultiSelect
        size="xs"
        aria-label="Other countries"
        placeholder={others.length === 0 ? 'Any other country' : undefined}
        data={data.length > 0 ? data : others.map((code) => ({ value: code, label: code }))}
        value={others}
        onChange={(codes) => onChange(setCountryCodes(state, [...quickPicked, ...codes]))}
        searchable
        clearable
        nothingFoundMessage="No country by that name"
        maxDropdownHeight={240}
        // Mantine keeps a closed dropdown in the page by default: here some 245 countries, built
        // with every search (issue 10).
        comboboxProps={{ withinPortal: true, keepMounted: false }}
      />
    </Stack>
  );
};

/**
 * The filter sections after the category tree. Memoised apart: the category counts answering
 * (a new `categories`) does not build these 35 chips and the country picker again (issue 10).
 */
const ValueFilterSections = memo(function ValueFilterSections({
  state,
  onChange,
}: Pick<FilterPanelProps, 'state' | 'onChange'>) {
  const filterChips = <K extends FilterKey>(
    key: K,
    options: { value: NonNullable<SearchFilters[K]>; label: string }[],
    label: string,
  ) => (
    <ChoiceChips
      label={label}
      options={options}
      value={state.filters[key] as NonNullable<SearchFilters[K]> | undefined}
      onChange={(value) => onChange(setFilter(state, key, value))}
    />
  );

  return (
    <>
      <Accordion.Item value="region">
        <Accordion.Control>Region</Accordion.Control>
        <Accordion.Panel>
          <ChoiceChips
            label="Region"
            options={REGION_OPTIONS}
            value={state.region ?? undefined}
            onChange={(region) => onChange(setRegion(state, region ?? null))}
          />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="country">
        <Accordion.Control>Country</Accordion.Control>
        <Accordion.Panel>
          <CountryFilter state={state} onChange={onChange} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="samplePrice">
        <Accordion.Control>Sample price</Accordion.Control>
        <Accordion.Panel>
          <ChoiceChips
            label="Sample price"
            options={SAMPLE_PRICE_OPTIONS}
            value={state.filters.samplePrice ?? 'ALL'}
            onChange={(value) => onChange(setFilter(state, 'samplePrice', value))}
          />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="moq">
        <Accordion.Control>Minimum order (MOQ)</Accordion.Control>
        <Accordion.Panel>{filterChips('moq', MOQ_OPTIONS, 'Minimum order')}</Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="orderVolume">
        <Accordion.Control>Order volume</Accordion.Control>
        <Accordion.Panel>
          {filterChips('orderVolume', ORDER_VOLUME_OPTIONS, 'Order volume')}
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="orderCount">
        <Accordion.Control>Orders completed</Accordion.Control>
        <Accordion.Panel>
          {filterChips('orderCount', ORDER_COUNT_OPTIONS, 'Orders completed')}
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="rating">
        <Accordion.Control>Rating</Accordion.Control>
        <Accordion.Panel>{filterChips('rating', RATING_OPTIONS, 'Rating')}</Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="productionTime">
        <Accordion.Control>Production time</Accordion.Control>
        <Accordion.Panel>
          {filterChips('productionTime', PRODUCTION_TIME_OPTIONS, 'Production time')}
        </Accordion.Panel>
      </Accordion.Item>
    </>
  );
});

/**
 * Spec §9 filters of the sourcing marketplace. Every change goes to `onChange` (the address).
 * Memoised: with a stable `onChange` it is not built again when a query of the page answers.
 */
export const FilterPanel = memo(function FilterPanel({
  state,
  onChange,
  categories,
  entryName,
  withHeading = true,
}: FilterPanelProps) {
  const activeCount = countActiveFilters(state);
  return (
    <Stack gap="xs" aria-label="Filters" role="region">
      <Group justify={withHeading ? 'space-between' : 'flex-end'}>
        {withHeading ? (
          <Title order={2} fz="h5">
            Filters
          </Title>
        ) : null}
        {activeCount > 0 ? (
          <Button variant="subtle" size="compact-sm" onClick={() => onChange(clearFilters(state))}>
            Clear all ({activeCount})
          </Button>
        ) : null}
      </Group>
      <Accordion
        multiple
        defaultValue={SECTIONS}
        variant="default"
        styles={{
          control: { paddingInline: 0 },
          label: { paddingBlock: 8, fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' },
          content: { paddingInline: 0, paddingBottom: 12 },
        }}
      >
        <Accordion.Item value="category">
          <Accordion.Control>
            {entryName ? `Category in ${entryName}` : 'Category'}
          </Accordion.Control>
          <Accordion.Panel>
            <CategoryTreeFilter
              key={`${entryName ?? 'all'}:${categories.length > 0}`}
              nodes={categories}
              selectedIds={state.categoryIds}
              onToggle={(id) => onChange(toggleCategory(state, id))}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <ValueFilterSections state={state} onChange={onChange} />
      </Accordion>
      <Text size="xs" c="dimmed">
        Ranges include their lower edge: 100 units is in 100-1000, $50 in $50-$100.
      </Text>
    </Stack>
  );
});
