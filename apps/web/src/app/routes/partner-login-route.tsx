import { useDocumentTitle } from '@mantine/hooks';
import { createRoute, redirect, useRouter } from '@tanstack/react-router';
import { z } from 'zod';
import { AppAnchor } from '@/components/ui/app-anchor';
import { paths } from '@/config/paths';
import { PartnerEntryCard } from '@/features/identity/components/partner-entry-card';
import { PartnerLoginForm } from '@/features/identity/components/partner-login-form';
import { getPartnerLandingPath } from '@/features/identity/partner-return-path';
import { hasPartnerSession } from '@/lib/api-client';
import { rootRoute } from './root-route';

const PartnerLoginSearchSchema = z.object({
  /** The workspace page to return to after logging in. */
  redirect: z.string().optional().catch(undefined),
});

const PartnerLoginPage = () => {
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

/** Issue 4: suppliers sign in here, apart from the store login (both sessions can coexist). */
export const partnerLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.partnerLogin,
  validateSearch: PartnerLoginSearchSchema,
  beforeLoad: ({ search }) => {
    if (hasPartnerSession()) {
      redirect({ href: getPartnerLandingPath(search.redirect), replace: true, throw: true });
    }
  },
  component: PartnerLoginPage,
});
