import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { IconArrowLeft } from '@tabler/icons-react';
import { AppAnchor } from '@/components/ui/app-anchor';
import { PageHeader } from '@/components/ui/page-header';
import { hrefs } from '@/config/paths';
import { catalogKeys } from '@/features/catalog/api/catalog-keys';
import { LeaveReviewView } from '@/features/orders/components/leave-review-view';

const leaveReviewRoute = getRouteApi('/app/leave-a-review/$orderId');

const supplierReviewsHref = (companyId: string) => hrefs.supplierProfile(companyId, 'reviews');

/** Spec §2 /leave-a-review/{orderId}: a review of the supplier of a received order item. */
export const LeaveReviewPage = () => {
  useDocumentTitle('Leave a review · Atelier');
  const { orderId } = leaveReviewRoute.useParams();
  const queryClient = useQueryClient();
  const orderHref = hrefs.ordersAndShipments({ item: orderId });
  return (
    <Stack gap="md">
      <AppAnchor href={orderHref} size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} aria-hidden /> Back to the
        order
      </AppAnchor>
      <PageHeader
        title="Leave a review"
        description="Tell other stores how this supplier did with your order."
      />
      <LeaveReviewView
        itemId={orderId}
        orderHref={orderHref}
        ordersHref={hrefs.ordersAndShipments()}
        supplierHrefOf={supplierReviewsHref}
        // The supplier's rating, reviews and card show the new review when next seen.
        onReviewed={({ companyId }) => {
          for (const queryKey of [
            catalogKeys.reviews(companyId),
            catalogKeys.reviewSummary(companyId),
            catalogKeys.supplier(companyId),
          ]) {
            void queryClient.invalidateQueries({ queryKey });
          }
        }}
      />
    </Stack>
  );
};
