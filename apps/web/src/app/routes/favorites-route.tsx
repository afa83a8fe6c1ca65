import { useDocumentTitle } from '@mantine/hooks';
import { createRoute } from '@tanstack/react-router';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { favoritesQueryOptions } from '@/features/catalog/api/favorite-queries';
import { FavoritesView } from '@/features/catalog/components/favorites-view';
import { appLayoutRoute } from './app-layout-route';

const FavoritesPage = () => {
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

export const favoritesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.favorites,
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(favoritesQueryOptions()),
  component: FavoritesPage,
});
