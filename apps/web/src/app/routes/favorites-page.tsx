import { useDocumentTitle } from '@mantine/hooks';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { FavoritesView } from '@/features/catalog/components/favorites-view';

/** Spec §2 /favorites: the suppliers and products the store marked with a heart. */
export const FavoritesPage = () => {
  useDocumentTitle('My favorites · Atelier');
  return (
    <>
      <PageHeader
        title="My favorites"
        description="Suppliers and products you marked with a heart."
        actions={
          <LinkButton href={paths.browseSuppliers} variant="light">
            Browse suppliers
          </LinkButton>
        }
      />
      <FavoritesView />
    </>
  );
};
