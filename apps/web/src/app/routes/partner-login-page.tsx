import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { AppAnchor } from '@/components/ui/app-anchor';
import { paths } from '@/config/paths';
import { PartnerEntryCard } from '@/features/identity/components/partner-entry-card';
import { PartnerLoginForm } from '@/features/identity/components/partner-login-form';
import { getPartnerLandingPath } from '@/features/identity/partner-return-path';

const partnerLoginRoute = getRouteApi('/partner/login');

/** Issue 4: the supplier workspace log-in page. */
export const PartnerLoginPage = () => {
  const { redirect: returnPath } = partnerLoginRoute.useSearch();
  const router = useRouter();
  useDocumentTitle('Log in · Atelier for suppliers');

  const handleLoggedIn = () => {
    void router.navigate({ href: getPartnerLandingPath(returnPath), replace: true });
  };

  return (
    <PartnerEntryCard
      title="Log in to your supplier workspace"
      footer={
        <>
          Are you a creator? <AppAnchor href={paths.login}>Log in here</AppAnchor>
        </>
      }
    >
      <PartnerLoginForm onLoggedIn={handleLoggedIn} />
    </PartnerEntryCard>
  );
};
