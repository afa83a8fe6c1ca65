import { Button, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import { useReviewSummary } from '../api/review-queries';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';
import { ReviewSummaryView } from './review-summary';

type ReviewSummaryCardProps = { companyId: string; demoRating: number | null };

const ReviewSummaryCard = ({ companyId, demoRating }: ReviewSummaryCardProps) => {
  const summary = useReviewSummary(companyId);
  if (summary.isPending) return <Skeleton h={120} />;
  if (summary.isError) {
    return (
      <Text size="sm" c="red">
        The review summary could not be loaded.
      </Text>
    );
  }
  return <ReviewSummaryView summary={summary.data} demoRating={demoRating} />;
};

/**
 * Spec §2 supplier profile "reviews": summary, the store's own review form, every review. On the
 * public preview (`isReadOnly`) visitors only read them (the page links to the public review form).
 * `demoRating`: the generated rating the header shows while there are no reviews (issue 10), so
 * the summary says where that number comes from.
 */
export const SupplierReviews = ({
  companyId,
  isReadOnly = false,
  demoRating = null,
}: {
  companyId: string;
  isReadOnly?: boolean;
  demoRating?: number | null;
}) => {
  const summary = useReviewSummary(companyId);
  const [isWriting, setIsWriting] = useState(false);
  const ownReview = summary.data?.ownReview ?? null;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Title order={2} fz="h4">
              Reviews
            </Title>
            {isReadOnly || isWriting ? null : (
              <Button
                variant={ownReview ? 'default' : 'filled'}
                leftSection={<IconPencil size={16} />}
                onClick={() => setIsWriting(true)}
                disabled={summary.isPending}
              >
                {ownReview ? 'Edit your review' : 'Write a review'}
              </Button>
            )}
          </Group>
          <ReviewSummaryCard companyId={companyId} demoRating={demoRating} />
          <Text size="xs" c="dimmed">
            The rating counts verified reviews only: those written by stores on Atelier, and public
            reviews whose authors confirmed their e-mail. Unverified reviews are listed below but
            never counted. The star rating on cards uses reviews as soon as one counts.
          </Text>
        </Stack>
      </Paper>
      {isWriting ? (
        <Paper withBorder radius="md" p="lg">
          <Title order={3} fz="h5" mb="sm">
            {ownReview ? 'Edit your review' : 'Write a review'}
          </Title>
          <ReviewForm
            key={ownReview?.id ?? 'new'}
            companyId={companyId}
            ownReview={ownReview}
            onDone={() => setIsWriting(false)}
          />
        </Paper>
      ) : null}
      <Divider />
      <ReviewList companyId={companyId} />
    </Stack>
  );
};

/** The item page's "reviews" section: the supplier's summary and latest reviews. */
export const SupplierReviewsPreview = ({
  companyId,
  demoRating = null,
}: {
  companyId: string;
  demoRating?: number | null;
}) => (
  <Stack gap="md">
    <ReviewSummaryCard companyId={companyId} demoRating={demoRating} />
    <ReviewList companyId={companyId} size={3} withLoadMore={false} />
    <AppAnchor href={hrefs.supplierProfile(companyId, 'reviews')} size="sm">
      All reviews of this supplier
    </AppAnchor>
  </Stack>
);
