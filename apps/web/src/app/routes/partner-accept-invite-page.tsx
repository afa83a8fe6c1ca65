import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import type { CurrentSupplier } from '@atelier/contract/identity/partner-account';
import { AppAnchor } from '@/components/ui/app-anchor';
import { paths } from '@/config/paths';
import { AcceptInviteForm } from '@/features/identity/components/accept-invite-form';
import { PartnerEntryCard } from '@/features/identity/components/partner-entry-card';
import { showSuccessToast } from '@/lib/notify';

const partnerAcceptInviteRoute = getRouteApi('/partner/accept-invite');

/** Issue 4: the page a supplier invitation link opens (`?token=`). */
export const AcceptInvitePage = () => {
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
