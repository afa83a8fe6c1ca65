import { Button, Group, Tabs } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { FollowedJob } from '@/features/jobs/components/followed-job';
import { useJobUpdates } from '@/features/jobs/realtime/job-updates';
import { StockList } from '@/features/fulfillment/components/stock-list';
import { StockSummary } from '@/features/fulfillment/reports/stock-summary';
import { ExportProductsButton } from '@/features/products/components/export-products-button';
import { ProductImportDialog } from '@/features/products/components/product-import-dialog';
import { ProductList } from '@/features/products/components/product-list';

const inventoryRoute = getRouteApi('/app/inventory');

/** Spec §2 /inventory (nav "Products"): the store's products and variants (issue 11). */
export const InventoryPage = () => {
  useDocumentTitle('Products · Atelier');
  const navigate = inventoryRoute.useNavigate();
  const { status = 'ACTIVE', search = '', view } = inventoryRoute.useSearch();
  const [isImportOpen, importDialog] = useDisclosure(false);
  // Live job updates from the dialog's opening, so even a short import shows its progress.
  useJobUpdates(isImportOpen);

  return (
    <>
      <PageHeader
        title="Products"
        description="The products you sell, with their variants, SKUs and prices, and their stock in the fulfillment center."
        actions={
          // The product actions belong to the Products tab.
          view === 'stock' ? undefined : (
            <Group gap="sm">
              <ExportProductsButton status={status} search={search} />
              <Button
                variant="default"
                leftSection={<IconFileImport size={18} aria-hidden />}
                onClick={importDialog.open}
              >
                Import products
              </Button>
              <LinkButton href={paths.newProduct} leftSection={<IconPlus size={16} aria-hidden />}>
                Add product
              </LinkButton>
            </Group>
          )
        }
      />
      <ProductImportDialog
        opened={isImportOpen}
        onClose={importDialog.close}
        renderJob={(props) => <FollowedJob {...props} />}
      />
      <Tabs
        value={view ?? 'products'}
        onChange={(next) =>
          void navigate({
            search: (current) => ({ ...current, view: next === 'stock' ? 'stock' : undefined }),
          })
        }
        mb="md"
      >
        <Tabs.List>
          <Tabs.Tab value="products">Products</Tabs.Tab>
          <Tabs.Tab value="stock">Stock</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {view === 'stock' ? (
        <>
          <StockSummary />
          <StockList />
        </>
      ) : (
        <ProductList
          status={status}
          search={search}
          onChange={(next) => void navigate({ search: next })}
        />
      )}
    </>
  );
};
