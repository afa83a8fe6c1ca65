import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Group,
  Input,
  Paper,
  Rating,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type CatalogCompanyReview, ReviewInputSchema } from '@atelier/contract/catalog/review';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import { AppAnchor } from '@/components/ui/app-anchor';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { MissingRecord } from '@/components/ui/missing-record';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { useOrderItem, useReviewOrderItem } from '../api/order-item-queries';
import { formatDate, ORDER_ITEM_KIND_LABELS } from '../orders-format';
import { OrderItemStatusBadge } from './order-badges';

type ReviewFormValues = z.input<typeof ReviewInputSchema>;
type ReviewFormOutput = z.output<typeof ReviewInputSchema>;

type Links = {
  /** Orders & Shipments with this item open. */
  orderHref: string;
  /** Orders & Shipments. */
  ordersHref: string;
  supplierHrefOf: (companyId: string) => string;
};

/** What was ordered from whom: the review is about this supplier. */
const OrderedItem = ({ item }: { item: OrderItem }) => (
  <Paper withBorder radius="md" p="md">
    <Stack gap={6}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Supplier
      </Text>
      <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
        {item.supplierName}
      </Title>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Text>
        <OrderItemStatusBadge status={item.status} />
        {item.receivingStatus === 'RECEIVED' ? (
          <Badge variant="light" color="teal" tt="none">
            Received
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {`${ORDER_ITEM_KIND_LABELS[item.kind]} · quantity ${item.quantity.toLocaleString('en-US')} · ordered ${formatDate(item.createdAt)}`}
      </Text>
    </Stack>
  </Paper>
);

const ReviewForm = ({
  item,
  orderHref,
  onReviewed,
}: {
  item: OrderItem;
  orderHref: string;
  onReviewed: (review: CatalogCompanyReview) => void;
}) => {
  const review = useReviewOrderItem(item.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const form = useForm<ReviewFormValues, unknown, ReviewFormOutput>({
    resolver: zodResolver(ReviewInputSchema),
    defaultValues: { rating: 0, title: '', body: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setConflict(null);
    try {
      onReviewed(await review.mutateAsync(values));
    } catch (error) {
      // 409: the goods are not received yet. The server says so; the order is where to go.
      if (isApiError(error) && error.status === 409) setConflict(error.message);
      else setFormError(applyServerErrors(error, ['rating', 'title', 'body'], form.setError));
    }
  });

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Leave a review">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={3} fz="h4">
              Your review
            </Title>
            <Text size="sm" c="dimmed">
              It shows on {item.supplierName}&apos;s profile, marked as an order you received
              through Atelier, and replaces your earlier review of them, if any.
            </Text>
          </Stack>
          {item.receivingStatus === 'NONE' && !conflict ? (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
              You can review {item.supplierName} once you have received this order.{' '}
              <AppAnchor href={orderHref} size="sm">
                Mark it received
              </AppAnchor>
            </Alert>
          ) : null}
          {conflict ? (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {conflict}{' '}
              <AppAnchor href={orderHref} size="sm">
                Back to the order
              </AppAnchor>
            </Alert>
          ) : null}
          <FormErrorAlert message={formError} />
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => (
              <Input.Wrapper label="Your rating" required error={errors.rating?.message}>
                <Rating
                  value={typeof field.value === 'number' ? field.value : 0}
                  onChange={field.onChange}
                  size="lg"
                  mt={4}
                  aria-label="Your rating"
                  data-testid="review-rating-input"
                />
              </Input.Wrapper>
            )}
          />
          <TextInput
            label="Title"
            required
            placeholder="e.g. Quick samples, great stitching"
            {...form.register('title')}
            error={errors.title?.message}
          />
          <Textarea
            label="Your review"
            placeholder="Communication, quality, lead times, how the order arrived…"
            autosize
            minRows={4}
            maxRows={12}
            {...form.register('body')}
            error={errors.body?.message}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={review.isPending}>
              Post review
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

const Reviewed = ({
  item,
  ordersHref,
  supplierHrefOf,
}: {
  item: OrderItem;
  ordersHref: string;
  supplierHrefOf: (companyId: string) => string;
}) => {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: the thanks take the focus, so a screen reader reads them.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="review-published">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="green" variant="light" size="xl" radius="xl">
            <IconCircleCheck size={26} aria-hidden />
          </ThemeIcon>
          <Title
            order={3}
            fz="h4"
            mt={6}
            ref={headingRef}
            tabIndex={-1}
            style={{ outline: 'none', overflowWrap: 'anywhere' }}
          >
            Thanks — your review is on {item.supplierName}&apos;s profile as a verified purchase
          </Title>
        </Group>
        <Group gap="sm">
          {/* The supplier's name is in the thanks above; a long one would not fit a phone's button. */}
          <LinkButton href={supplierHrefOf(item.companyId)}>
            See your review on their profile
          </LinkButton>
          <LinkButton href={ordersHref} variant="default">
            Back to your orders
          </LinkButton>
        </Group>
      </Stack>
    </Paper>
  );
};

type LeaveReviewViewProps = Links & {
  itemId: string;
  /** The review is published (the caller refreshes what shows the supplier's reviews). */
  onReviewed?: (review: CatalogCompanyReview) => void;
};

/**
 * Spec §2 /leave-a-review/{orderId} (issue 12): the ordered item and its supplier, and a review
 * of 1–5 stars, a title and a text. Once the goods are received, it shows on the supplier's
 * profile as a verified purchase; before, the server refuses it (409) and says why.
 */
export const LeaveReviewView = ({
  itemId,
  orderHref,
  ordersHref,
  supplierHrefOf,
  onReviewed,
}: LeaveReviewViewProps) => {
  const item = useOrderItem(itemId);
  const [isReviewed, setIsReviewed] = useState(false);

  if (item.isPending) {
    return (
      <Stack gap="md" role="status" aria-label="Loading the order">
        <Skeleton h={110} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  if (item.isError) {
    return isApiError(item.error) && item.error.status === 404 ? (
      <MissingRecord
        title="No such order"
        description="There is no order of your store at this address. The link may be mistyped, or it belongs to another store."
      >
        <LinkButton href={ordersHref} variant="light">
          See your orders
        </LinkButton>
      </MissingRecord>
    ) : (
      <Paper withBorder p="lg">
        <LoadError message="This order could not be loaded." onRetry={() => void item.refetch()} />
      </Paper>
    );
  }
  return (
    <Stack gap="md" maw={720}>
      <OrderedItem item={item.data} />
      {isReviewed ? (
        <Reviewed item={item.data} ordersHref={ordersHref} supplierHrefOf={supplierHrefOf} />
      ) : (
        <ReviewForm
          item={item.data}
          orderHref={orderHref}
          onReviewed={(review) => {
            setIsReviewed(true);
            onReviewed?.(review);
          }}
        />
      )}
    </Stack>
  );
};
