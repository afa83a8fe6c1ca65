import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { hrefs, paths } from '@/config/paths';
import { useCountries, useStatesOfCountry } from '@/features/catalog/api/country-queries';
import { CheckoutWizard } from '@/features/orders/components/checkout-wizard';
import { PaypalReturn } from '@/features/orders/components/paypal-payment';
import type { AddressReference } from '@/features/orders/components/shipping-address-fields';
import { useStoreOrdersRealtime } from './use-store-orders-realtime';

const checkoutRoute = getRouteApi('/app/checkout');

const addressReference: AddressReference = {
  useCountries,
  useStates: useStatesOfCountry,
};

/** Spec §2 /checkout: order overview, shipping details, payment, purchase success. */
export const CheckoutPage = () => {
  useDocumentTitle('Checkout · Atelier');
  // A supplier voiding an invoice or changing its lines shows in the cart as it happens.
  useStoreOrdersRealtime();
  const { items, paypalPayment, paypalCancelled } = checkoutRoute.useSearch();
  const preselectedIds = useMemo(() => items?.split(',') ?? [], [items]);
  return (
    <>
      <PageHeader
        title="Checkout"
        description="Pay for the samples and production orders in your cart."
      />
      {paypalPayment ? (
        <PaypalReturn
          paymentId={paypalPayment}
          isCancelled={paypalCancelled === '1'}
          checkoutHref={paths.checkout}
          ordersHref={hrefs.ordersAndShipments()}
          sourcingHref={paths.sourcingHome}
        />
      ) : (
        <CheckoutWizard
          preselectedIds={preselectedIds}
          reference={addressReference}
          ordersHref={hrefs.ordersAndShipments()}
          sourcingHref={paths.sourcingHome}
        />
      )}
    </>
  );
};
