import { Button, EmptyState, Paper, Skeleton, Text } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
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
};

type NoMatchesProps = Omit<ResultsProps, 'state'> & { what: string; hasFilters: boolean };

const NoMatches = ({ what, hasFilters, onClearFilters, onClearSearch }: NoMatchesProps) => (
  <Paper withBorder radius="md" p="xl" data-testid="no-results">
    <EmptyState
      icon={<IconSearchOff size={28} stroke={1.5} />}
      variant="light"
      title={`No ${what} match`}
      description={hasFilters ? 'Try fewer filters or another search.' : 'Try another search.'}
    >
      {hasFilters ? (
        <Button variant="light" onClick={onClearFilters}>
          Clear filters
        </Button>
      ) : (
        <Button variant="light" onClick={onClearSearch}>
          Clear search
        </Button>
      )}
    </EmptyState>
  </Paper>
);

export const SupplierResults = ({ state, ...actions }: ResultsProps) => {
  const query = useSupplierSearch(toSupplierQuery(state));
  return (
    <ResultGrid
      query={query}
      label="Suppliers"
      getKey={(supplier) => supplier.id}
      renderItem={(supplier) => <SupplierCard supplier={supplier} />}
      empty={<NoMatches what="suppliers" hasFilters={countActiveFilters(state) > 0} {...actions} />}
    />
  );
};

export const ItemResults = ({ state, ...actions }: ResultsProps) => {
  const query = useItemSearch(toItemQuery(state));
  return (
    <ResultGrid
      query={query}
      label="Catalog products"
      getKey={(item) => item.id}
      renderItem={(item) => <ItemCard item={item} />}
      empty={<NoMatches what="products" hasFilters={countActiveFilters(state) > 0} {...actions} />}
      skeletonHeight={170}
    />
  );
};

/** "68 suppliers" / "1,431 products" for the filters of the search (count endpoints). */
export const ResultCount = ({ state }: { state: SourcingSearchState }) => {
  const isItems = state.viewType === 'CATALOG_PRODUCTS';
  const filters = toFilterQuery(state);
  const suppliers = useSupplierCount(filters, { enabled: !isItems });
  const items = useItemCount(filters, { enabled: isItems });
  const count = isItems ? items : suppliers;
  if (count.isPending) return <Skeleton h={20} w={120} aria-label="Counting results" />;
  if (count.isError) return null;
  const noun = isItems ? 'product' : 'supplier';
  const total = count.data.count;
  // Products: misspelt words that found nothing were corrected by the server ("hoodeis").
  const corrected = isItems ? items.data?.correctedSearchKey : undefined;
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
};
