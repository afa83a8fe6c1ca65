import { Badge, Button, Center, Group, Rating, Skeleton, Stack, Text } from '@mantine/core';
import type { CatalogCompanyReview } from '@atelier/contract/catalog/review';
import { formatRelativeTime } from '@atelier/contract/common/format';
import { useSupplierReviews } from '../api/review-queries';

/** Issue 9: who vouches for a review, and whether it counts in the rating. */
const verificationOf = (review: CatalogCompanyReview) => {
  if (!review.isVerified) {
    return {
      label: 'Unverified',
      color: 'gray',
      note: 'Not counted in the rating: its author has not confirmed their e-mail yet.',
    };
  }
  if (review.isVerifiedPurchase) {
    return {
      label: 'Verified purchase',
      color: 'teal',
      note: 'Written by a store that received an order from this supplier through Atelier.',
    };
  }
  return review.origin === 'store'
    ? { label: 'Verified', color: 'teal', note: 'Written by a store on Atelier.' }
    : { label: 'Verified', color: 'teal', note: 'Its author confirmed their e-mail address.' };
};

export const ReviewEntry = ({ review }: { review: CatalogCompanyReview }) => {
  const verification = verificationOf(review);
  return (
    <Stack gap={4} data-testid="review" data-verified={review.isVerified}>
      <Group gap="xs" wrap="wrap">
        <Rating
          value={review.rating}
          readOnly
          size="sm"
          aria-label={`${review.rating} of 5 stars`}
        />
        <Text fw={600}>{review.title}</Text>
        <Badge size="xs" variant="light" color={verification.color}>
          {verification.label}
        </Badge>
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
        {review.updatedAt !== review.createdAt ? ' · edited' : ''} · {verification.note}
      </Text>
    </Stack>
  );
};

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
