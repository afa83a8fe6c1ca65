import { Badge, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { Product } from '@atelier/contract/sales/product';
import { PRODUCT_STATUS_LABELS } from '@atelier/contract/sales/product-values';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { MissingRecord } from '@/components/ui/missing-record';
import { PageHeader } from '@/components/ui/page-header';
import { hrefs, paths } from '@/config/paths';
import { useProduct } from '@/features/products/api/product-queries';
import { ArchiveProductButton } from '@/features/products/components/archive-product-button';
import { ProductEditor } from '@/features/products/components/product-editor';
import { isApiError } from '@/lib/api-error';

const productRoute = getRouteApi('/app/inventory/$productId');

const ProductsLink = () => (
  <AppAnchor href={paths.inventory} size="sm">
    <Group gap={4} component="span">
      <IconArrowLeft size={14} aria-hidden /> Products
    </Group>
  </AppAnchor>
);

const CancelLink = () => (
  <LinkButton href={paths.inventory} variant="default">
    Cancel
  </LinkButton>
);

/** Once a new product is saved, its own page replaces /inventory/new. */
const useOpenCreatedProduct = () => {
  const router = useRouter();
  return useCallback(
    (product: Product) => void router.navigate({ href: hrefs.product(product.id), replace: true }),
    [router],
  );
};

/** Issue 11 /inventory/new: a new product in the editor. */
export const NewProductPage = () => {
  useDocumentTitle('Add product · Atelier');
  const openCreated = useOpenCreatedProduct();
  return (
    <Stack gap="md">
      <ProductsLink />
      <PageHeader title="Add product" />
      <ProductEditor onCreated={openCreated} cancelAction={<CancelLink />} />
    </Stack>
  );
};

/** Issue 11 /inventory/{productId}: one product and its variants, edited, archived or back. */
export const ProductPage = () => {
  const { productId } = productRoute.useParams();
  const product = useProduct(productId);
  useDocumentTitle(`${product.data?.title ?? 'Product'} · Atelier`);
  // A malformed id is refused (400) before the store is even asked: just as missing.
  const isMissing =
    product.isError && isApiError(product.error) && [400, 404].includes(product.error.status ?? 0);

  return (
    <Stack gap="md">
      <ProductsLink />
      {product.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the product">
          <Skeleton height={32} width={280} radius="sm" />
          <Skeleton height={240} radius="md" />
          <Skeleton height={160} radius="md" />
        </Stack>
      ) : isMissing ? (
        <MissingRecord
          title="No such product"
          description="There is no product at this address in your store. It may have been mistyped."
        >
          <LinkButton href={paths.inventory} variant="light">
            Show every product
          </LinkButton>
        </MissingRecord>
      ) : product.data ? (
        <>
          <PageHeader
            title={product.data.title}
            description={
              <Badge
                component="span"
                variant="light"
                color={product.data.status === 'ACTIVE' ? 'teal' : 'gray'}
              >
                {PRODUCT_STATUS_LABELS[product.data.status]}
              </Badge>
            }
            actions={<ArchiveProductButton product={product.data} />}
          />
          <ProductEditor
            key={product.data.id}
            product={product.data}
            cancelAction={<CancelLink />}
          />
        </>
      ) : (
        <Paper withBorder p="lg">
          <LoadError
            message="This product could not be loaded."
            onRetry={() => void product.refetch()}
          />
        </Paper>
      )}
    </Stack>
  );
};
