import { useDocumentTitle } from '@mantine/hooks';
import { createRoute, useRouter } from '@tanstack/react-router';
import { z } from 'zod';
import type { CurrentSupplier } from '@atelier/contract/identity/partner-account';
import { AppAnchor } from '@/components/ui/app-anchor';
import { paths } from '@/config/paths';
import { AcceptInviteForm } from '@/features/identity/components/accept-invite-form';
import { PartnerEntryCard } from '@/features/identity/components/partner-entry-card';
import { showSuccessToast } from '@/lib/notify';
import { rootRoute } from './root-route';

const AcceptInviteSearchSchema = z.object({
  token: z.string().optional().catch(undefined),
});

const AcceptInvitePage = () => {
  const { token } = partnerAcceptInviteRoute.useSearch();
  const router = useRouter();
  useDocumentTitle('Accept your invitation · Atelier for suppliers');

  const handleAccepted = (currentSupplier: CurrentSupplier) => {
    showSuccessToast(`Welcome to ${currentSupplier.company.name} on Atelier.`);
    void router.navigate({ href: paths.partnerInbox, replace: true });
  };

  return (
    <PartnerEntryCard
      title="Join your company on Atelier"
      intro="You were invited to answer the messages of stores that source from your company."
      footer={
        <>
          Already accepted? <AppAnchor href={paths.partnerLogin}>Log in</AppAnchor>
        </>
      }
    >
      <AcceptInviteForm token={token} onAccepted={handleAccepted} />
    </PartnerEntryCard>
  );
};

/**
 * The link of a supplier invitation (`npm run supplier:invite`). It works whatever session the
 * browser holds: accepting starts a supplier session and replaces an earlier one.
 */
export const partnerAcceptInviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.partnerAcceptInvite,
  validateSearch: AcceptInviteSearchSchema,
  component: AcceptInvitePage,
});
