import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import {
  PACKAGING_CATEGORIES,
  PACKAGING_CATEGORY_LABELS,
} from '@atelier/contract/fulfillment/bookings';
import { AppAnchor } from '@/components/ui/app-anchor';
import { PageHeader } from '@/components/ui/page-header';
import { hrefs, paths } from '@/config/paths';
import { useCountries, useStatesOfCountry } from '@/features/catalog/api/country-queries';
import { FreightBookingsView } from '@/features/fulfillment/bookings/freight-bookings-view';
import { PackagingCatalogueView } from '@/features/fulfillment/bookings/packaging-catalogue-view';
import { PreSalesView } from '@/features/fulfillment/bookings/pre-sales-view';
import { QualityChecksView } from '@/features/fulfillment/bookings/quality-checks-view';
import { SupportTicketsView } from '@/features/fulfillment/bookings/support-tickets-view';

const geography = { useCountries, useStatesOfCountry };
const orderPackagingRoute = getRouteApi('/app/order-packaging/$packagingCategory');
const freightBookingsRoute = getRouteApi('/app/fulfillment-services/book-freight-shipment');

const BackToFulfillment = () => (
  <AppAnchor href={paths.fulfillmentHome} size="sm">
    ← Fulfillment
  </AppAnchor>
);

/** Spec §2 /fulfillment-services/book-freight-shipment: freight bookings and a new one. */
export const FreightBookingsPage = () => {
  useDocumentTitle('Book a freight shipment · Atelier');
  const { sn } = freightBookingsRoute.useSearch();
  const navigate = freightBookingsRoute.useNavigate();
  return (
    <>
      <BackToFulfillment />
      <PageHeader
        title="Book a freight shipment"
        description="Pallets or containers of your goods, picked up and brought to the fulfillment center. The center quotes each request before it is booked."
      />
      <FreightBookingsView
        geography={geography}
        openSn={sn}
        onOpenSnChange={(next) => void navigate({ search: { sn: next } })}
      />
    </>
  );
};

/** /homebase/quality-control: quality checks of production runs. */
export const QualityControlPage = () => {
  useDocumentTitle('Quality control · Atelier');
  return (
    <>
      <BackToFulfillment />
      <PageHeader
        title="Quality control"
        description="Book an inspection of a production run: at the factory before, during or after production, or as the container is loaded."
      />
      <QualityChecksView />
    </>
  );
};

/** Fulfillment tile "set up a pre sale". */
export const PreSalesPage = () => {
  useDocumentTitle('Pre-sales · Atelier');
  return (
    <>
      <BackToFulfillment />
      <PageHeader
        title="Set up a pre-sale"
        description="Sell a variant before its stock arrives: orders are taken while it is out of stock, until a day or up to a number of units."
      />
      <PreSalesView />
    </>
  );
};

/** Issue 15 warehouse support tickets. */
export const SupportTicketsPage = () => {
  useDocumentTitle('Warehouse support · Atelier');
  return (
    <>
      <BackToFulfillment />
      <PageHeader
        title="Warehouse support"
        description="Questions and problems about orders the fulfillment center shipped for you."
      />
      <SupportTicketsView />
    </>
  );
};

/** Spec §2 /order-packaging/{packagingCategory}. */
export const OrderPackagingPage = () => {
  const { packagingCategory } = orderPackagingRoute.useParams();
  const router = useRouter();
  const label = (PACKAGING_CATEGORIES as readonly string[]).includes(packagingCategory)
    ? PACKAGING_CATEGORY_LABELS[packagingCategory as keyof typeof PACKAGING_CATEGORY_LABELS]
    : 'Order packaging';
  useDocumentTitle(`${label} · Atelier`);
  return (
    <>
      <BackToFulfillment />
      <PageHeader
        title="Order packaging"
        description="What the fulfillment center packs your orders in, by kind, with the price per unit. Choose your default of each kind."
      />
      <PackagingCatalogueView
        category={packagingCategory}
        onCategoryChange={(next) => void router.navigate({ href: hrefs.orderPackaging(next) })}
      />
    </>
  );
};
