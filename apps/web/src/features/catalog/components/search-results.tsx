import { Button, EmptyState, Group, Paper, Skeleton, Text } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { memo } from 'react';
import type { CatalogItem } from '@atelier/contract/catalog/item';
import type { CatalogCompany } from '@atelier/contract/catalog/supplier';
import { formatUnits } from '../catalog-format';
import { useSupplierCount, useSupplierSearch } from '../api/supplier-queries';
import { useItemCount, useItemSearch } from '../api/item-queries';
import { toFilterQuery, toItemQuery, toSupplierQuery } from '../search-query';
import { countActiveFilters, type SourcingSearchState } from '../search-state';
import { ItemCard } from './item-card';
import { ResultGrid } from './result-grid';
import { SupplierCard } from './supplier-card';

type ResultsProps = {
  state: SourcingSearchState;
  onClearFilters: () => void;
  onClearSearch: () => void;
  /** Switches to the other search view, keeping the search key and filters. */
  onShowView: (viewType: 'SUPPLIERS' | 'CATALOG_PRODUCTS') => void;
};

const OTHER_VIEW = {
  SUPPLIERS: { viewType: 'CATALOG_PRODUCTS', one: 'catalog product', label: 'Show products' },
  CATALOG_PRODUCTS: { viewType: 'SUPPLIERS', one: 'supplier', label: 'Show suppliers' },
} as const;

/**
 * How many the other search view (products for suppliers, suppliers for products) finds for the
 * same key and filters, while this one finds nothing; undefined until known or when none.
 */
const useOtherViewCount = (state: SourcingSearchState): number | undefined => {
  const isItems = state.viewType === 'CATALOG_PRODUCTS';
  const filters = toFilterQuery(state);
  const suppliers = useSupplierCount(filters, { enabled: isItems });
  const items = useItemCount(filters, { enabled: !isItems });
  const count = isItems ? suppliers : items;
  // A count kept from the previous search is not this search's.
  if (!count.data || count.isPlaceholderData || count.data.count === 0) return undefined;
  return count.data.count;
};

type NoMatchesProps = ResultsProps & { what: string };

/** "No suppliers match “hoodie”", and the other view when it has results for the same search. */
const NoMatches = ({ state, what, onClearFilters, onClearSearch, onShowView }: NoMatchesProps) => {
  const hasFilters = countActiveFilters(state) > 0;
  const otherCount = useOtherViewCount(state);
  const other =
    OTHER_VIEW[state.viewType === 'CATALOG_PRODUCTS' ? 'CATALOG_PRODUCTS' : 'SUPPLIERS'];
  const clear = hasFilters ? (
    <Button variant="light" onClick={onClearFilters}>
      Clear filters
    </Button>
  ) : (
    <Button variant="light" onClick={onClearSearch}>
      Clear search
    </Button>
  );
  return (
    <Paper withBorder radius="md" p="xl" data-testid="no-results">
      <EmptyState
        icon={<IconSearchOff size={28} stroke={1.5} />}
        variant="light"
        title={`No ${what} match${state.searchKey ? ` “${state.searchKey}”` : ''}`}
        description={
          otherCount === undefined
            ? hasFilters
              ? 'Try fewer filters or another search.'
              : 'Try another search.'
            : `${formatUnits(otherCount)} ${other.one}${otherCount === 1 ? ' does' : 's do'}.`
        }
      >
        <Group justify="center" gap="sm">
          {otherCount === undefined ? null : (
            <Button onClick={() => onShowView(other.viewType)} data-testid="show-other-view">
              {other.label}
            </Button>
          )}
          {clear}
        </Group>
      </EmptyState>
    </Paper>
  );
};

// Module-level, so the result grid keeps the cards of pages already shown (see ResultGrid).
const supplierKey = (supplier: CatalogCompany) => supplier.id;
const supplierCard = (supplier: CatalogCompany) => <SupplierCard supplier={supplier} />;
const itemKey = (item: CatalogItem) => item.id;
const itemCard = (item: CatalogItem) => <ItemCard item={item} />;

// The results and count are memoised: the page's other queries answering does not build their
// cards again (issue 10). They take the page's stable `state` and actions.
export const SupplierResults = memo(function SupplierResults({ state, ...actions }: ResultsProps) {
  const query = useSupplierSearch(toSupplierQuery(state));
  return (
    <ResultGrid
      query={query}
      label="Suppliers"
      getKey={supplierKey}
      renderItem={supplierCard}
      empty={<NoMatches what="suppliers" state={state} {...actions} />}
    />
  );
});

export const ItemResults = memo(function ItemResults({ state, ...actions }: ResultsProps) {
  const query = useItemSearch(toItemQuery(state));
  return (
    <ResultGrid
      query={query}
      label="Catalog products"
      getKey={itemKey}
      renderItem={itemCard}
      empty={<NoMatches what="products" state={state} {...actions} />}
      skeletonHeight={170}
    />
  );
});

/** "68 suppliers" / "1,431 products" for the filters of the search (count endpoints). */
export const ResultCount = memo(function ResultCount({ state }: { state: SourcingSearchState }) {
  const isItems = state.viewType === 'CATALOG_PRODUCTS';
  const filters = toFilterQuery(state);
  const suppliers = useSupplierCount(filters, { enabled: !isItems });
  const items = useItemCount(filters, { enabled: isItems });
  const count = isItems ? items : suppliers;
  if (count.isPending) return <Skeleton h={20} w={120} aria-label="Counting results" />;
  if (count.isError) return null;
  const noun = isItems ? 'product' : 'supplier';
  const total = count.data.count;
  // Misspelt words that found nothing were corrected by the server ("hoodeis").
  const corrected = count.data.correctedSearchKey;
  return (
    <div aria-live="polite">
      <Text fw={600} data-testid="result-count">
        {formatUnits(total)} {noun}
        {total === 1 ? '' : 's'}
        {state.searchKey ? ` for “${corrected ?? state.searchKey}”` : ''}
      </Text>
      {corrected ? (
        <Text size="sm" c="dimmed" data-testid="corrected-search">
          Nothing matched “{state.searchKey}”, so these are results for “{corrected}”.
        </Text>
      ) : null}
    </div>
  );
});
