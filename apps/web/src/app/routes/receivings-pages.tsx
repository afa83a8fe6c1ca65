import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { RECEIVING_SLA_BUSINESS_DAYS } from '@atelier/contract/fulfillment/receiving';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { PageHeader } from '@/components/ui/page-header';
import { hrefs, paths } from '@/config/paths';
import { NewReceivingForm } from '@/features/fulfillment/receivings/new-receiving-form';
import { ReceivingDetails } from '@/features/fulfillment/receivings/receiving-details';
import { ReceivingList } from '@/features/fulfillment/receivings/receiving-list';

const receivingsRoute = getRouteApi('/app/receivings');
const receivingDetailsRoute = getRouteApi('/app/receivings/$sn/details');

const BackToReceivings = () => (
  <AppAnchor href={paths.receivings} size="sm">
    ← Receivings
  </AppAnchor>
);

/** Spec §2 /receivings: the store's receivings, newest first, by status (`?status=`). */
export const ReceivingsPage = () => {
  useDocumentTitle('Receivings · Atelier');
  const { status } = receivingsRoute.useSearch();
  const navigate = receivingsRoute.useNavigate();
  return (
    <>
      <PageHeader
        title="Receivings"
        description={`Goods on their way to the fulfillment center. Each is counted into your stock within ${RECEIVING_SLA_BUSINESS_DAYS} business days of arrival.`}
        actions={
          <LinkButton href={paths.newReceiving} leftSection={<IconPlus size={16} aria-hidden />}>
            New receiving
          </LinkButton>
        }
      />
      <ReceivingList
        status={status}
        onStatusChange={(next) => void navigate({ search: { status: next } })}
      />
    </>
  );
};

/** Spec §2 /receivings/new: announce goods on their way, then open the new receiving. */
export const NewReceivingPage = () => {
  useDocumentTitle('New receiving · Atelier');
  const router = useRouter();
  return (
    <>
      <BackToReceivings />
      <PageHeader
        title="New receiving"
        description="Tell the fulfillment center what is coming: it is counted into your stock when it arrives."
      />
      <NewReceivingForm
        onCreated={(receiving) =>
          void router.navigate({ href: hrefs.receivingDetails(receiving.sn) })
        }
      />
    </>
  );
};

/** Spec §2 /receivings/{sn}/details for one receiving number. */
export const ReceivingDetailsPage = ({ sn }: { sn: string }) => {
  useDocumentTitle(`${sn} · Receivings · Atelier`);
  return (
    <>
      <BackToReceivings />
      <ReceivingDetails sn={sn} />
    </>
  );
};

/** /receivings/{sn}/details with the sn of the address. */
export const ReceivingDetailsRoutePage = () => {
  const { sn } = receivingDetailsRoute.useParams();
  return <ReceivingDetailsPage key={sn} sn={sn} />;
};
