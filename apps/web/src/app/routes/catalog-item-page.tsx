import { Paper, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { MissingRecord } from '@/components/ui/missing-record';
import { paths } from '@/config/paths';
import { useCatalogItem, useRecordItemView } from '@/features/catalog/api/item-queries';
import { CatalogItemDetail } from '@/features/catalog/components/catalog-item-detail';
import { OrderSampleButton } from '@/features/orders/components/order-sample-button';
import { isApiError } from '@/lib/api-error';
import { useOpenCart } from '../shell/cart-context';
import {
  BrowseSuppliersLink,
  ContactSupplierActions,
  ProfileSkeleton,
} from './supplier-profile-page';

const catalogItemRoute = getRouteApi('/app/browse-suppliers/catalog-item/$itemId');

/** Spec §2 product detail of a catalog item (`/browse-suppliers/catalog-item/{itemId}`). */
export const CatalogItemPage = () => {
  const { itemId } = catalogItemRoute.useParams();
  const item = useCatalogItem(itemId);
  const openCart = useOpenCart();
  useRecordItemView(item.data?.id);
  useDocumentTitle(`${item.data?.title ?? 'Catalog item'} · Atelier`);
  const isMissing =
    item.data === null || (item.isError && isApiError(item.error) && item.error.status === 404);

  return (
    <Stack gap="md">
      <BrowseSuppliersLink />
      {item.isPending ? (
        <ProfileSkeleton />
      ) : isMissing ? (
        <MissingRecord
          title="No such product"
          description="There is no catalog item at this address. It may have been withdrawn, or the link may be mistyped."
        >
          <LinkButton href={paths.browseSuppliers} variant="light">
            Browse suppliers
          </LinkButton>
        </MissingRecord>
      ) : item.data ? (
        <CatalogItemDetail
          item={item.data}
          similarItems={item.data.similarItems}
          actions={
            <>
              {item.data.samplePrice ? (
                <OrderSampleButton
                  catalogItemId={item.data.id}
                  samplePrice={item.data.samplePrice}
                  isOutOfStock={item.data.sampleStock === 'OUT_OF_STOCK'}
                  onOrdered={openCart}
                />
              ) : null}
              <ContactSupplierActions supplierId={item.data.company.id} />
            </>
          }
        />
      ) : (
        <Paper withBorder p="lg">
          <LoadError
            message="This product could not be loaded."
            onRetry={() => void item.refetch()}
          />
        </Paper>
      )}
    </Stack>
  );
};
