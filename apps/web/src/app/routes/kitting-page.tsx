import { useDocumentTitle } from '@mantine/hooks';
import { AppAnchor } from '@/components/ui/app-anchor';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { KittingPageContent } from '@/features/fulfillment/kitting/kitting-page-content';

/** Issue 15: bundles made of the store's variants, and kits assembled at the center. */
export const KittingPage = () => {
  useDocumentTitle('Kitting · Atelier');
  return (
    <>
      <AppAnchor href={paths.fulfillmentHome} size="sm">
        ← Fulfillment
      </AppAnchor>
      <PageHeader
        title="Kitting and bundles"
        description="Gift sets and kits made of your products. The center assembles them from your stock: the components leave it and the kits arrive."
      />
      <KittingPageContent />
    </>
  );
};
