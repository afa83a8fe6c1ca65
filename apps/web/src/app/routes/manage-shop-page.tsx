import { Tabs, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { NOT_BUILT_LABEL } from '@/components/ui/not-built-marker';
import { PageHeader } from '@/components/ui/page-header';
import { ScrollableTabsList } from '@/components/ui/scrollable-tabs-list';
import { resolvePageAccess } from '@/config/access';
import { hrefs, MANAGE_SHOP_TABS, type ManageShopTab } from '@/config/paths';
import { useSignedInUser } from '@/features/identity/api/account-queries';

const manageShopRoute = getRouteApi('/app/manage-shop');

const TABS: Record<ManageShopTab, { label: string; description: string }> = {
  products: {
    label: 'Products',
    description:
      'The products listed on your storefront will be managed here once the storefront module lands.',
  },
  profile: {
    label: 'Storefront',
    description:
      "Your storefront's name, look and links will be edited here once the storefront module lands.",
  },
  'coming-soon': {
    label: 'Coming-soon page',
    description:
      'A coming-soon page that collects sign-ups before launch will be set up here once the storefront module lands.',
  },
  discounts: {
    label: 'Discount codes',
    description:
      'Discount codes for your storefront will be created here once the storefront module lands.',
  },
  subscribers: {
    label: 'Subscribers',
    description:
      'People who subscribed on your storefront will be listed here once the marketing module lands.',
  },
  'marketing-assets': {
    label: 'Marketing assets',
    description:
      'Images and copy to promote your storefront will be kept here once the storefront module lands.',
  },
  wholesale: {
    label: 'Wholesale',
    description:
      'A private wholesale shop for retailers will be set up here once the storefront module lands.',
  },
  'print-on-demand': {
    label: 'Print on demand',
    description:
      'Print-on-demand products on your storefront will be managed here once the storefront module lands.',
  },
};

/** Spec §2 /manage-shop: the Merch storefront, one tab at a time. */
export const ManageShopPage = () => {
  useDocumentTitle('Merch storefront · Atelier');
  const router = useRouter();
  const currentUser = useSignedInUser();
  const { tab = 'products' } = manageShopRoute.useSearch();

  return (
    <>
      <PageHeader
        title="Merch storefront"
        description="Your own storefront: products, profile, discounts, subscribers, wholesale and print on demand."
      />
      <Tabs
        value={tab}
        onChange={(next) => {
          if (next) void router.navigate({ href: hrefs.manageShop(next as ManageShopTab) });
        }}
      >
        <ScrollableTabsList mb="lg">
          {MANAGE_SHOP_TABS.map((value) => {
            const isBlocked =
              resolvePageAccess(hrefs.manageShop(value), currentUser).kind === 'preview-blocked';
            const tabElement = (
              <Tabs.Tab key={value} value={value} disabled={isBlocked}>
                {TABS[value].label}
              </Tabs.Tab>
            );
            return isBlocked ? (
              <Tooltip key={value} label="Preview mode can't open this page.">
                <span>{tabElement}</span>
              </Tooltip>
            ) : (
              tabElement
            );
          })}
        </ScrollableTabsList>
        {MANAGE_SHOP_TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <ComingSoon title={NOT_BUILT_LABEL} description={TABS[value].description} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
};
