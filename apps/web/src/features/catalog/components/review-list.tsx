import { Badge, Button, Center, Group, Rating, Skeleton, Stack, Text } from '@mantine/core';
import type { CatalogCompanyReview } from '@atelier/contract/catalog/review';
import { formatRelativeTime } from '@atelier/contract/common/format';
import { useSupplierReviews } from '../api/review-queries';

export const ReviewEntry = ({ review }: { review: CatalogCompanyReview }) => (
  <Stack gap={4} data-testid="review">
    <Group gap="xs" wrap="wrap">
      <Rating value={review.rating} readOnly size="sm" aria-label={`${review.rating} of 5 stars`} />
      <Text fw={600}>{review.title}</Text>
      {review.isOwn ? (
        <Badge size="xs" variant="light">
          Your review
        </Badge>
      ) : null}
    </Group>
    {review.body ? (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {review.body}
      </Text>
    ) : null}
    <Text size="xs" c="dimmed">
      {review.authorName} · {formatRelativeTime(review.createdAt)}
      {review.origin === 'public' ? ' · via review link' : ''}
      {review.updatedAt !== review.createdAt ? ' · edited' : ''}
    </Text>
  </Stack>
);

type ReviewListProps = { companyId: string; size?: number; withLoadMore?: boolean };

/** A supplier's reviews, newest first. */
export const ReviewList = ({ companyId, size = 10, withLoadMore = true }: ReviewListProps) => {
  const reviews = useSupplierReviews(companyId, size);
  if (reviews.isPending) {
    return (
      <Stack gap="md" role="status" aria-label="Loading reviews">
        <Skeleton h={60} />
        <Skeleton h={60} />
      </Stack>
    );
  }
  if (reviews.isError) {
    return (
      <Text size="sm" c="red">
        The reviews could not be loaded.
      </Text>
    );
  }
  const items = reviews.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No reviews yet. Stores that worked with this supplier can be the first to review it.
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      {items.map((review) => (
        <ReviewEntry key={review.id} review={review} />
      ))}
      {withLoadMore && reviews.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            onClick={() => void reviews.fetchNextPage()}
            loading={reviews.isFetchingNextPage}
          >
            More reviews
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
};
