import { Paper, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { IconArrowLeft } from '@tabler/icons-react';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { MissingRecord } from '@/components/ui/missing-record';
import { hrefs } from '@/config/paths';
import { useCountries, useStatesOfCountry } from '@/features/catalog/api/country-queries';
import { useInvoice } from '@/features/orders/api/invoice-queries';
import {
  AddShippingAddressSkeleton,
  AddShippingAddressView,
} from '@/features/orders/components/add-shipping-address-view';
import type { AddressReference } from '@/features/orders/components/shipping-address-fields';
import { isApiError } from '@/lib/api-error';
import { useStoreOrdersRealtime } from './use-store-orders-realtime';

const addShippingAddressRoute = getRouteApi('/app/add-shipping-address/$invoiceId');

const addressReference: AddressReference = {
  useCountries,
  useStates: useStatesOfCountry,
};

/** Spec §2 /add-shipping-address/{invoiceId}: where the goods of a supplier's invoice go. */
export const AddShippingAddressPage = () => {
  const { invoiceId } = addShippingAddressRoute.useParams();
  return <AddShippingAddress invoiceId={invoiceId} />;
};

/** The page for one invoice id (the route's parameter); tests render it directly. */
export const AddShippingAddress = ({ invoiceId }: { invoiceId: string }) => {
  const invoice = useInvoice(invoiceId);
  // The supplier voiding the invoice, or a payment elsewhere, shows as it happens.
  useStoreOrdersRealtime();
  useDocumentTitle(
    invoice.data
      ? `Shipping address · invoice from ${invoice.data.supplierName} · Atelier`
      : 'Shipping address · Atelier',
  );
  const isMissing =
    invoice.isError &&
    isApiError(invoice.error) &&
    (invoice.error.status === 404 || invoice.error.status === 400);
  const invoicesHref = hrefs.inbox('needs-payment');

  return (
    <Stack gap="md" maw={760}>
      <AppAnchor href={invoicesHref} size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} aria-hidden /> All invoices
      </AppAnchor>
      {invoice.isPending ? (
        <AddShippingAddressSkeleton />
      ) : isMissing ? (
        <MissingRecord
          title="This invoice isn’t here"
          description="There is no invoice of your store at this address. The link may be mistyped, or the invoice belongs to another store."
        >
          <LinkButton href={invoicesHref} variant="light">
            See your invoices
          </LinkButton>
        </MissingRecord>
      ) : invoice.data ? (
        <AddShippingAddressView
          invoice={invoice.data}
          reference={addressReference}
          payHref={hrefs.payInvoice(invoice.data.id)}
          invoicesHref={invoicesHref}
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
