import { Group, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconClipboardList } from '@tabler/icons-react';
import { createRoute } from '@tanstack/react-router';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { MissingRecord } from '@/components/ui/missing-record';
import { hrefs, paths } from '@/config/paths';
import { useCatalogItem, useRecordItemView } from '@/features/catalog/api/item-queries';
import { CatalogItemDetail } from '@/features/catalog/components/catalog-item-detail';
import { MessageSupplierButton } from '@/features/chat/components/message-supplier-button';
import { isApiError } from '@/lib/api-error';
import { appLayoutRoute } from './app-layout-route';
import { ProfileSkeleton } from './supplier-profile-routes';

const CatalogItemPage = () => {
  const { itemId } = catalogItemRoute.useParams();
  const item = useCatalogItem(itemId);
  useRecordItemView(item.data?.id);
  useDocumentTitle(`${item.data?.title ?? 'Catalog item'} · Atelier`);
  const isMissing =
    item.data === null || (item.isError && isApiError(item.error) && item.error.status === 404);

  return (
    <Stack gap="md">
      <AppAnchor href={paths.browseSuppliers} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> Browse suppliers
        </Group>
      </AppAnchor>
      {item.isPending ? (
        <ProfileSkeleton />
      ) : isMissing || !item.data ? (
        isMissing ? (
          <MissingRecord
            title="No such product"
            description="There is no catalog item at this address. It may have been withdrawn, or the link may be mistyped."
          >
            <LinkButton href={paths.browseSuppliers} variant="light">
              Browse suppliers
            </LinkButton>
          </MissingRecord>
        ) : (
          <Paper withBorder p="lg">
            <Text c="red">This product could not be loaded.</Text>
          </Paper>
        )
      ) : (
        <CatalogItemDetail
          item={item.data}
          similarItems={item.data.similarItems}
          actions={
            <>
              <MessageSupplierButton supplierId={item.data.company.id} variant="light" />
              <LinkButton
                href={hrefs.customProject({ supplierId: item.data.company.id })}
                leftSection={<IconClipboardList size={16} />}
              >
                Request a custom project
              </LinkButton>
            </>
          }
        />
      )}
    </Stack>
  );
};

/** Spec §2 product detail. */
export const catalogItemRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: `${paths.browseSuppliers}/catalog-item/$itemId`,
  component: CatalogItemPage,
});
