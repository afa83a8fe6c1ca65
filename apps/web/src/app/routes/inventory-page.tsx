import { Group } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { ExportProductsButton } from '@/features/products/components/export-products-button';
import { ProductList } from '@/features/products/components/product-list';

const inventoryRoute = getRouteApi('/app/inventory');

/** Spec §2 /inventory (nav "Products"): the store's products and variants (issue 11). */
export const InventoryPage = () => {
  useDocumentTitle('Products · Atelier');
  const navigate = inventoryRoute.useNavigate();
  const { status = 'ACTIVE', search = '' } = inventoryRoute.useSearch();

  return (
    <>
      <PageHeader
        title="Products"
        description="The products you sell, with their variants, SKUs and prices. Stock numbers come with fulfillment."
        actions={
          <Group gap="sm">
            <ExportProductsButton status={status} search={search} />
            <LinkButton href={paths.newProduct} leftSection={<IconPlus size={16} aria-hidden />}>
              Add product
            </LinkButton>
          </Group>
        }
      />
      <ProductList
        status={status}
        search={search}
        onChange={(next) => void navigate({ search: next })}
      />
    </>
  );
};
