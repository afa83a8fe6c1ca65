import { useDocumentTitle } from '@mantine/hooks';
import { ComingSoon } from '@/components/ui/coming-soon';
import { NOT_BUILT_LABEL } from '@/components/ui/not-built-marker';
import { PageHeader } from '@/components/ui/page-header';
import type { ModulePage } from './module-pages';

/** A spec §2 page whose module is not built yet. */
export const ModulePageView = ({ page }: { page: ModulePage }) => {
  useDocumentTitle(`${page.title} · Atelier`);
  return (
    <>
      <PageHeader title={page.title} />
      <ComingSoon title={NOT_BUILT_LABEL} description={page.description} />
    </>
  );
};
