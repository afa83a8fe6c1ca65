import { useDocumentTitle } from '@mantine/hooks';
import { ComingSoon } from '@/components/ui/coming-soon';
import { NOT_BUILT_LABEL } from '@/components/ui/not-built-marker';
import { PageHeader } from '@/components/ui/page-header';
import type { ModulePage } from './module-pages';
import { PlanGatedPage } from './plan-gated-page';

/**
 * A spec §2 page whose module is not built yet. A page of a plan-gated feature shows its gate
 * instead when the store's plan does not include the feature (issue 13).
 */
export const ModulePageView = ({ page }: { page: ModulePage }) => {
  useDocumentTitle(`${page.title} · Atelier`);
  const placeholder = <ComingSoon title={NOT_BUILT_LABEL} description={page.description} />;
  return (
    <>
      <PageHeader title={page.title} />
      {page.feature ? (
        <PlanGatedPage feature={page.feature}>{placeholder}</PlanGatedPage>
      ) : (
        placeholder
      )}
    </>
  );
};
