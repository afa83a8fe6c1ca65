import { Paper, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { IconArrowLeft } from '@tabler/icons-react';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { MissingRecord } from '@/components/ui/missing-record';
import { hrefs } from '@/config/paths';
import { useInvoice } from '@/features/orders/api/invoice-queries';
import { InvoiceSkeleton, InvoiceView } from '@/features/orders/components/invoice-view';
import { isApiError } from '@/lib/api-error';
import { useStoreOrdersRealtime } from './use-store-orders-realtime';

const payInvoiceRoute = getRouteApi('/app/pay-invoice/$invoiceId');

/** Spec §2 /pay-invoice/{invoiceId}: one invoice from a supplier, paid through the checkout. */
export const PayInvoicePage = () => {
  const { invoiceId } = payInvoiceRoute.useParams();
  const router = useRouter();
  const invoice = useInvoice(invoiceId);
  useStoreOrdersRealtime();
  useDocumentTitle(
    invoice.data ? `Invoice from ${invoice.data.supplierName} · Atelier` : 'Invoice · Atelier',
  );
  const isMissing = invoice.isError && isApiError(invoice.error) && invoice.error.status === 404;

  return (
    <Stack gap="md">
      <AppAnchor href={hrefs.inbox('needs-payment')} size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} aria-hidden /> All invoices
      </AppAnchor>
      {invoice.isPending ? (
        <InvoiceSkeleton />
      ) : isMissing ? (
        <MissingRecord
          title="No such invoice"
          description="There is no invoice of your store at this address. The link may be mistyped, or it belongs to another store."
        >
          <LinkButton href={hrefs.inbox('needs-payment')} variant="light">
            See your invoices
          </LinkButton>
        </MissingRecord>
      ) : invoice.data ? (
        <InvoiceView
          invoice={invoice.data}
          ordersHref={hrefs.ordersAndShipments()}
          shippingAddressHref={hrefs.addShippingAddress(invoice.data.id)}
          onCheckout={(itemIds) => void router.navigate({ href: hrefs.checkout(itemIds) })}
        />
      ) : (
        <Paper withBorder p="lg">
          <LoadError
            message="This invoice could not be loaded."
            onRetry={() => void invoice.refetch()}
          />
        </Paper>
      )}
    </Stack>
  );
};
