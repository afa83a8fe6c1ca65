import { Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import type { SupplierOffering } from '@atelier/contract/catalog/supplier';
import { PageHeader } from '@/components/ui/page-header';
import { ScrollableTabsList } from '@/components/ui/scrollable-tabs-list';
import { hrefs, paths, SOURCING_HOME_TABS, type SourcingHomeTab } from '@/config/paths';
import { OfferingSuppliers } from '@/features/catalog/components/offering-suppliers';
import { SearchBox } from '@/features/catalog/components/search-box';
import { toSearchParams } from '@/features/catalog/search-address';
import { EMPTY_SEARCH, setSearchKey } from '@/features/catalog/search-state';
import { InviteSupplierButton } from '@/features/sourcing/components/invite-supplier-modal';

const sourcingHomeRoute = getRouteApi('/app/home');

const TABS: Record<
  SourcingHomeTab,
  { label: string; offering: SupplierOffering | undefined; noun: string }
> = {
  all: { label: 'All', offering: undefined, noun: 'suppliers' },
  'business-and-creative-services': {
    label: 'Business & creative services',
    offering: 'SERVICES',
    noun: 'service providers',
  },
  'ecommerce-packaging': {
    label: 'Ecommerce packaging',
    offering: 'PACKAGING',
    noun: 'packaging suppliers',
  },
  products: { label: 'Products', offering: 'PRODUCT', noun: 'manufacturers' },
  'website-development': {
    label: 'Website development',
    offering: 'WEBSITE',
    noun: 'website developers',
  },
};

/**
 * Spec §2 /home: the sourcing home and its catalog tabs. `?open=cart` opens the cart, which the
 * signed-in frame holds (app-shell-layout), so it opens over any page.
 */
export const SourcingHomePage = () => {
  useDocumentTitle('Sourcing · Atelier');
  const router = useRouter();
  const { tab = 'all' } = sourcingHomeRoute.useSearch();
  const go = (query: { tab?: SourcingHomeTab }) =>
    void router.navigate({ href: hrefs.sourcingHome(query) });

  return (
    <>
      <PageHeader
        title="Sourcing"
        description="Find vetted suppliers for products, packaging, services and websites."
        actions={
          <Group gap="sm">
            <InviteSupplierButton />
          </Group>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mb="lg" bg="indigo.0">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            What do you want made?
          </Title>
          <SearchBox
            searchKey=""
            placeholder="Try “denim”, “hoodie”, “mailer box” or a factory name"
            onSearch={(searchKey) =>
              void router.navigate({
                to: paths.browseSuppliers,
                search: toSearchParams(setSearchKey(EMPTY_SEARCH, searchKey)),
              })
            }
            onChooseSupplier={(id) => void router.navigate({ href: hrefs.supplierProfile(id) })}
          />
          <Text size="xs" c="dimmed">
            Search 900+ factories from the Open Apparel Registry and demo suppliers of packaging,
            services and websites.
          </Text>
        </Stack>
      </Paper>
      <Tabs
        value={tab}
        onChange={(next) => go({ tab: (next as SourcingHomeTab | null) ?? 'all' })}
        keepMounted={false}
      >
        <ScrollableTabsList mb="lg">
          {SOURCING_HOME_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {TABS[value].label}
            </Tabs.Tab>
          ))}
        </ScrollableTabsList>
        {SOURCING_HOME_TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <OfferingSuppliers offering={TABS[value].offering} noun={TABS[value].noun} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
};
