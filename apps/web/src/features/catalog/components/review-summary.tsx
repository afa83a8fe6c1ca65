import { Group, Progress, Rating, Stack, Text } from '@mantine/core';
import type { ReviewSummary } from '@atelier/contract/catalog/review';
import { formatRating, formatReviewCount } from '../catalog-format';

const STARS = ['5', '4', '3', '2', '1'] as const;

type ReviewSummaryViewProps = {
  summary: ReviewSummary;
  /** The generated rating shown for the supplier while it has no reviews, if any. */
  demoRating?: number | null;
};

/**
 * Average, count and a 5-to-1 star distribution of verified reviews; unverified ones aside. With
 * no reviews there is no number (issue 10), and a demo rating shown elsewhere is named as one.
 */
export const ReviewSummaryView = ({ summary, demoRating = null }: ReviewSummaryViewProps) => (
  <Group align="flex-start" gap="xl" wrap="wrap" data-testid="review-summary">
    <Stack gap={4} align="center" miw={120} maw={220}>
      {summary.average === null ? null : (
        <>
          <Text fz={40} fw={700} lh={1} data-testid="review-average">
            {formatRating(summary.average)}
          </Text>
          <Rating value={summary.average} fractions={10} readOnly size="sm" aria-hidden />
        </>
      )}
      <Text
        size={summary.average === null ? 'lg' : 'sm'}
        fw={summary.average === null ? 600 : undefined}
        c={summary.average === null ? undefined : 'dimmed'}
        data-testid="review-count"
      >
        {formatReviewCount(summary.count)}
      </Text>
      {summary.average === null && demoRating !== null ? (
        <Text size="xs" c="orange.8" ta="center" data-testid="review-demo-rating">
          The ★ {formatRating(demoRating)} shown for this supplier is a demo rating, not one from
          reviews.
        </Text>
      ) : null}
      {summary.unverifiedCount > 0 ? (
        <Text size="xs" c="dimmed" ta="center" data-testid="review-unverified-count">
          {summary.unverifiedCount} unverified{' '}
          {summary.unverifiedCount === 1 ? 'review' : 'reviews'} not counted
        </Text>
      ) : null}
    </Stack>
    <Stack gap={6} flex={1} miw={200} maw={420} aria-label="Reviews by stars">
      {STARS.map((star) => {
        const count = summary.distribution[star] ?? 0;
        const percent = summary.count === 0 ? 0 : (count / summary.count) * 100;
        return (
          <Group key={star} gap="sm" wrap="nowrap">
            <Text size="sm" w={28} ta="right">
              {star}★
            </Text>
            <Progress
              value={percent}
              flex={1}
              size="md"
              color="yellow"
              aria-label={`${star} stars: ${count}`}
            />
            <Text size="sm" c="dimmed" w={28}>
              {count}
            </Text>
          </Group>
        );
      })}
    </Stack>
  </Group>
);
