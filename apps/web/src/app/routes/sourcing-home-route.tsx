import { Button, Drawer, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconShoppingCart } from '@tabler/icons-react';
import { createRoute, useRouter } from '@tanstack/react-router';
import { z } from 'zod';
import { ComingSoon } from '@/components/ui/coming-soon';
import { PageHeader } from '@/components/ui/page-header';
import { hrefs, paths, SOURCING_HOME_TABS, type SourcingHomeTab } from '@/config/paths';
import { appLayoutRoute } from './app-layout-route';

const TAB_LABELS: Record<SourcingHomeTab, string> = {
  all: 'All',
  'business-and-creative-services': 'Business & creative services',
  'ecommerce-packaging': 'Ecommerce packaging',
  products: 'Products',
  'website-development': 'Website development',
};

const TAB_CONTENT: Record<SourcingHomeTab, string> = {
  all: 'Vetted suppliers and their catalog items, sorted by featured, newest or price, will be listed here once the catalog module lands.',
  'business-and-creative-services':
    'Suppliers of business and creative services (photography, design, branding) will be listed here once the catalog module lands.',
  'ecommerce-packaging':
    'Boxes, mailers and other ecommerce packaging from vetted suppliers will be listed here once the catalog module lands.',
  products:
    'Manufacturers of products, with sample prices, minimum order quantities and production times, will be listed here once the catalog module lands.',
  'website-development':
    'Website developers for your store will be listed here once the catalog module lands.',
};

const SourcingHomeSearchSchema = z.object({
  tab: z.enum(SOURCING_HOME_TABS).optional().catch(undefined),
  open: z.enum(['cart']).optional().catch(undefined),
});

const SourcingHomePage = () => {
  useDocumentTitle('Sourcing · Atelier');
  const router = useRouter();
  const { tab = 'all', open } = sourcingHomeRoute.useSearch();
  const go = (query: { tab?: SourcingHomeTab; open?: 'cart' }) =>
    void router.navigate({ href: hrefs.sourcingHome(query) });

  return (
    <>
      <PageHeader
        title="Sourcing"
        description="Find vetted suppliers for products, packaging, services and websites."
        actions={
          <Button
            variant="light"
            leftSection={<IconShoppingCart size={16} />}
            onClick={() => go({ tab, open: 'cart' })}
          >
            Cart
          </Button>
        }
      />
      <Tabs value={tab} onChange={(next) => go({ tab: (next as SourcingHomeTab | null) ?? 'all' })}>
        <Tabs.List mb="lg">
          {SOURCING_HOME_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SOURCING_HOME_TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <ComingSoon title="Supplier catalog not built yet" description={TAB_CONTENT[value]} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Drawer opened={open === 'cart'} onClose={() => go({ tab })} title="Cart" position="right">
        <Text c="dimmed" size="sm">
          Samples and production orders you add from the catalog will wait here before checkout,
          once the orders module lands.
        </Text>
      </Drawer>
    </>
  );
};

/** Spec §2 sourcing home: `?tab=` picks the catalog tab, `?open=cart` opens the cart. */
export const sourcingHomeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.sourcingHome,
  validateSearch: SourcingHomeSearchSchema,
  component: SourcingHomePage,
});
