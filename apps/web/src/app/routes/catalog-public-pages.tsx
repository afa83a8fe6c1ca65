import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLogin, IconPencil } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { LinkButton } from '@/components/ui/link-button';
import { MissingRecord } from '@/components/ui/missing-record';
import { hrefs } from '@/config/paths';
import { usePublicSupplier } from '@/features/catalog/api/supplier-queries';
import { usePublicCatalogItem } from '@/features/catalog/api/item-queries';
import { CatalogItemDetail } from '@/features/catalog/components/catalog-item-detail';
import { ConfirmReview } from '@/features/catalog/components/confirm-review';
import { PublicReviewForm } from '@/features/catalog/components/public-review-form';
import { SupplierProfile } from '@/features/catalog/components/supplier-profile';
import { hasSession } from '@/lib/api-client';
import { ProfileSkeleton } from './supplier-profile-page';

const previewSupplierRoute = getRouteApi('/public/preview-supplier-profile/$supplierId');
const previewCatalogItemRoute = getRouteApi('/public/preview-catalog-item/$itemId');
const postReviewRoute = getRouteApi('/public/supplier-profile/$supplierId/post-review');
const confirmReviewRoute = getRouteApi('/public/confirm-review');

/** Where a visitor goes to see the signed-in page: straight there, or via /login. */
const signedInHref = (href: string) => (hasSession() ? href : hrefs.login(href));

const SignInNote = ({ href, what }: { href: string; what: string }) => (
  <Paper withBorder radius="md" p="lg">
    <Group justify="space-between" gap="md">
      <Text c="dimmed" maw={520}>
        {what} are shown to Atelier members. Log in or create a free account to see them.
      </Text>
      <LinkButton href={signedInHref(href)} leftSection={<IconLogin size={16} />}>
        {hasSession() ? 'Open in Atelier' : 'Log in to see more'}
      </LinkButton>
    </Group>
  </Paper>
);

const NoSupplier = () => (
  <MissingRecord
    title="No such supplier"
    description="There is no supplier at this address. The link may be mistyped, or the supplier may have left the marketplace."
  />
);

/** Spec §2 /preview-supplier-profile/{supplierId}: a supplier profile anyone may open. */
export const PreviewSupplierPage = () => {
  const { supplierId } = previewSupplierRoute.useParams();
  const { tab = 'profile-info' } = previewSupplierRoute.useSearch();
  const navigate = previewSupplierRoute.useNavigate();
  const supplier = usePublicSupplier(supplierId);
  useDocumentTitle(`${supplier.data?.name ?? 'Supplier'} · Atelier`);

  if (supplier.isPending) return <ProfileSkeleton />;
  if (supplier.isError) return <NoSupplier />;
  return (
    <SupplierProfile
      supplier={supplier.data}
      mode="public"
      tab={tab}
      onTabChange={(next) =>
        void navigate({ search: { tab: next === 'profile-info' ? undefined : next } })
      }
      actions={
        <LinkButton
          href={hrefs.postSupplierReview(supplierId)}
          variant="default"
          leftSection={<IconPencil size={16} />}
        >
          Write a review
        </LinkButton>
      }
    />
  );
};

/** Spec §2 /preview-catalog-item/{itemId}: a catalog item anyone may open. */
export const PreviewCatalogItemPage = () => {
  const { itemId } = previewCatalogItemRoute.useParams();
  const item = usePublicCatalogItem(itemId);
  useDocumentTitle(`${item.data?.title ?? 'Catalog item'} · Atelier`);
  if (item.isPending) return <ProfileSkeleton />;
  if (item.isError || item.data === null) {
    return (
      <MissingRecord
        title="No such product"
        description="There is no catalog item at this address. It may have been withdrawn, or the link may be mistyped."
      />
    );
  }
  return (
    <CatalogItemDetail
      item={item.data}
      mode="public"
      signInNote={
        <SignInNote href={hrefs.catalogItem(itemId)} what="Similar products and reviews" />
      }
    />
  );
};

/** Spec §2 /supplier-profile/{supplierId}/post-review: a review without an account. */
export const PostReviewPage = () => {
  const { supplierId } = postReviewRoute.useParams();
  const supplier = usePublicSupplier(supplierId);
  useDocumentTitle(`Review ${supplier.data?.name ?? 'a supplier'} · Atelier`);
  if (supplier.isPending) {
    return (
      <Stack gap="md" role="status" aria-label="Loading the supplier">
        <Skeleton h={40} w={360} />
        <Skeleton h={320} />
      </Stack>
    );
  }
  if (supplier.isError) return <NoSupplier />;
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          Review {supplier.data.name}
        </Title>
        <Text c="dimmed">
          Worked with {supplier.data.name} ({supplier.data.countryName})? Tell other brands how it
          went. No account needed: we e-mail you a link, and your review counts once you confirm it.
        </Text>
        <Group>
          <LinkButton href={hrefs.previewSupplierProfile(supplierId)} variant="subtle" px={0}>
            See their profile
          </LinkButton>
        </Group>
      </Stack>
      <PublicReviewForm companyId={supplier.data.id} supplierName={supplier.data.name} />
    </Stack>
  );
};

/** Issue 9: confirms a public review from its e-mailed link. */
export const ConfirmReviewPage = () => {
  const { token } = confirmReviewRoute.useSearch();
  useDocumentTitle('Confirm your review · Atelier');
  return <ConfirmReview token={token} />;
};
