import {
  Badge,
  Box,
  Button,
  Drawer,
  EmptyState,
  Flex,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconNetwork } from '@tabler/icons-react';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { hrefs } from '@/config/paths';
import { useCategoryFacets } from '@/features/catalog/api/item-queries';
import { buildCategoryTree, categoryPathOf, subtreeOf } from '@/features/catalog/category-tree';
import { ActiveFilters } from '@/features/catalog/components/active-filters';
import { CategoryEntrySelect } from '@/features/catalog/components/category-entry-select';
import { DemoLegend } from '@/features/catalog/components/demo-marker';
import { FilterPanel } from '@/features/catalog/components/filter-panel';
import { SearchBox } from '@/features/catalog/components/search-box';
import { ViewTypeSwitch } from '@/features/catalog/components/view-type-switch';
import {
  ItemResults,
  ResultCount,
  SupplierResults,
} from '@/features/catalog/components/search-results';
import { fromSearchParams, toSearchParams } from '@/features/catalog/search-address';
import {
  changeViewType,
  chooseCategoryEntry,
  clearFilters,
  countActiveFilters,
  entryCategoryId,
  entryOfPath,
  setSearchKey,
  setSort,
  type SourcingSearchState,
  type ViewType,
} from '@/features/catalog/search-state';
import { sortsOf, toFilterQuery } from '@/features/catalog/search-query';
import {
  CustomProjectList,
  NewCustomProjectButton,
} from '@/features/sourcing/components/custom-project-list';

const browseSuppliersRoute = getRouteApi('/app/browse-suppliers');

const ExpandedNetworkState = ({ onShowSuppliers }: { onShowSuppliers: () => void }) => (
  <Paper withBorder radius="md" p="xl" data-testid="expanded-network">
    <EmptyState
      icon={<IconNetwork size={28} stroke={1.5} />}
      variant="light"
      title="The expanded network comes with the AI sourcing agent"
      description="The expanded network is factories outside Atelier's vetted network that the AI sourcing agent finds and writes to for you. It is not built yet, so nothing is listed here; the vetted suppliers are searchable now."
    >
      <Button variant="light" onClick={onShowSuppliers}>
        Search vetted suppliers
      </Button>
    </EmptyState>
  </Paper>
);

const RfpView = () => (
  <Stack gap="md">
    <Group justify="space-between">
      <Title order={2} fz="h4">
        Your custom project requests
      </Title>
      <NewCustomProjectButton />
    </Group>
    <CustomProjectList />
  </Stack>
);

/** Spec §2 /browse-suppliers: the supplier and product search of spec §3. */
export const BrowseSuppliersPage = () => {
  useDocumentTitle('Browse suppliers · Atelier');
  const theme = useMantineTheme();
  const isWide = useMediaQuery(`(min-width: ${theme.breakpoints.md})`) ?? true;
  const isNarrow = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`) ?? false;
  const [isFilterDrawerOpen, filterDrawer] = useDisclosure(false);
  const router = useRouter();
  const navigate = browseSuppliersRoute.useNavigate();
  const params = browseSuppliersRoute.useSearch();
  const state = useMemo(() => fromSearchParams(params), [params]);
  // Stable, like `state` and `resetActions`, so the filters and results (memoised) are not
  // built again each time one of the page's queries answers (issue 10).
  const update = useCallback(
    (next: SourcingSearchState) => void navigate({ search: toSearchParams(next) }),
    [navigate],
  );

  // Every category with items (for the entry picker and names), and the counts of this search.
  const allFacets = useCategoryFacets();
  const allFacetItems = useMemo(() => allFacets.data?.items ?? [], [allFacets.data]);
  const tree = useMemo(() => buildCategoryTree(allFacetItems), [allFacetItems]);
  const searchFacets = useCategoryFacets(toFilterQuery(state, { withToggled: false }));
  const entryId = entryCategoryId(state);
  const panelCategories = useMemo(
    () => subtreeOf(buildCategoryTree(searchFacets.data?.items ?? []), entryId),
    [searchFacets.data, entryId],
  );
  const categoryName = (id: number) =>
    allFacetItems.find((facet) => facet.categoryId === id)?.name ?? `Category ${id}`;
  const entryName = entryId === null ? null : categoryName(entryId);
  const chooseEntry = (path: number[]) => update(chooseCategoryEntry(state, entryOfPath(path)));

  const isSearchView = state.viewType === 'SUPPLIERS' || state.viewType === 'CATALOG_PRODUCTS';
  const activeCount = countActiveFilters(state);
  const sortOptions = sortsOf(state.viewType);
  const sortValue = sortOptions.some((option) => option.value === state.sort)
    ? state.sort
    : 'FEATURED';

  const resetActions = useMemo(
    () => ({
      onClearFilters: () => update(clearFilters(state)),
      onClearSearch: () => update(setSearchKey(state, '')),
      onShowView: (viewType: ViewType) => update(changeViewType(state, viewType)),
    }),
    [state, update],
  );

  const filterPanel = (withHeading: boolean) => (
    <FilterPanel
      state={state}
      onChange={update}
      categories={panelCategories}
      entryName={entryName}
      withHeading={withHeading}
    />
  );

  return (
    <>
      <PageHeader
        title="Browse suppliers"
        description="Search vetted factories and studios by product, country and category, and compare their terms."
      />
      <Stack gap="md">
        <SearchBox
          searchKey={state.searchKey}
          onSearch={(searchKey) => update(setSearchKey(state, searchKey))}
          onChooseSupplier={(id) => void router.navigate({ href: hrefs.supplierProfile(id) })}
          onChooseCategory={(id) => {
            const path = categoryPathOf(id, allFacetItems);
            update(
              chooseCategoryEntry(
                setSearchKey(state, ''),
                entryOfPath(path.length > 0 ? path : [id]),
              ),
            );
          }}
          isCategoryListed={(id) => allFacetItems.some((facet) => facet.categoryId === id)}
        />
        <Flex gap="sm" wrap="wrap" align="center" direction={isNarrow ? 'column' : 'row'}>
          <ViewTypeSwitch
            value={state.viewType}
            onChange={(value) => update(changeViewType(state, value))}
            compact={isNarrow}
          />
          {isSearchView ? (
            <Box w={isNarrow ? '100%' : undefined} flex={isNarrow ? undefined : '0 1 320px'}>
              <CategoryEntrySelect
                tree={tree}
                entry={state}
                onChoose={chooseEntry}
                compact={!isWide}
              />
            </Box>
          ) : null}
        </Flex>

        {state.viewType === 'EXPANDED_NETWORK' ? (
          <ExpandedNetworkState
            onShowSuppliers={() => update(changeViewType(state, 'SUPPLIERS'))}
          />
        ) : state.viewType === 'RFP' ? (
          <RfpView />
        ) : (
          <Flex gap="lg" align="flex-start">
            {isWide ? (
              <Paper
                withBorder
                radius="md"
                p="md"
                w={272}
                style={{ flexShrink: 0 }}
                component="aside"
              >
                {filterPanel(true)}
              </Paper>
            ) : null}
            <Stack gap="md" flex={1} miw={0}>
              <Group justify="space-between" gap="sm">
                <ResultCount state={state} />
                <Group gap="sm" wrap="nowrap">
                  {isWide ? null : (
                    <Button
                      variant="default"
                      leftSection={<IconAdjustmentsHorizontal size={16} />}
                      onClick={filterDrawer.open}
                      rightSection={
                        activeCount > 0 ? (
                          <Badge size="sm" circle>
                            {activeCount}
                          </Badge>
                        ) : null
                      }
                    >
                      Filters
                    </Button>
                  )}
                  <Select
                    aria-label="Sort by"
                    data={sortOptions}
                    value={sortValue}
                    onChange={(value) => value && update(setSort(state, value))}
                    allowDeselect={false}
                    w={190}
                    leftSection={
                      <Text size="xs" c="dimmed" pl={6}>
                        Sort
                      </Text>
                    }
                    leftSectionWidth={44}
                  />
                </Group>
              </Group>
              <ActiveFilters state={state} onChange={update} categoryName={categoryName} />
              <DemoLegend />
              {state.viewType === 'CATALOG_PRODUCTS' ? (
                <ItemResults state={state} {...resetActions} />
              ) : (
                <SupplierResults state={state} {...resetActions} />
              )}
            </Stack>
          </Flex>
        )}
      </Stack>
      <Drawer
        opened={isFilterDrawerOpen && !isWide}
        onClose={filterDrawer.close}
        title="Filters"
        position="left"
        size="sm"
      >
        {filterPanel(false)}
      </Drawer>
    </>
  );
};
