import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Group,
  Input,
  Paper,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  PublicReviewInputSchema,
  REVIEW_CONFIRMATION_TTL_HOURS,
} from '@atelier/contract/catalog/review';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreatePublicReview } from '../api/review-queries';

type PublicReviewValues = z.input<typeof PublicReviewInputSchema>;
type PublicReviewOutput = z.output<typeof PublicReviewInputSchema>;

type PublicReviewFormProps = { companyId: string; supplierName: string };

type SentReview = { authorName: string; authorEmail: string };

type CheckEmailProps = SentReview & { supplierName: string; onSendAgain: () => void };

/** After sending: the review waits for its author to open the e-mailed link. */
const CheckYourEmail = ({
  authorName,
  authorEmail,
  supplierName,
  onSendAgain,
}: CheckEmailProps) => {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the news, not on a vanished button.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" role="status" data-testid="review-check-email">
        <ThemeIcon size={56} radius="xl" color="indigo" variant="light">
          <IconMailCheck size={32} />
        </ThemeIcon>
        <Title
          order={2}
          fz="h3"
          ta="center"
          ref={headingRef}
          tabIndex={-1}
          style={{ outline: 'none' }}
        >
          Check your e-mail, {authorName}
        </Title>
        <Text ta="center" maw={480}>
          We sent a link to <strong>{authorEmail}</strong>. To confirm your review of {supplierName}
          , open it within {REVIEW_CONFIRMATION_TTL_HOURS} hours.
        </Text>
        <Text c="dimmed" ta="center" maw={480}>
          Until you confirm it, your review is shown as unverified and does not count in{' '}
          {supplierName}&apos;s rating.
        </Text>
        <Text size="sm" c="dimmed" ta="center" maw={480}>
          No e-mail? Check your spam folder, or{' '}
          <Anchor component="button" type="button" size="sm" onClick={onSendAgain}>
            send the review again
          </Anchor>{' '}
          for a new link (it replaces the unconfirmed review).
        </Text>
      </Stack>
    </Paper>
  );
};

/**
 * The public review page of a supplier (issue 9): no account, one review per e-mail address.
 * The review counts in the supplier's rating only once its author opens the e-mailed link.
 */
export const PublicReviewForm = ({ companyId, supplierName }: PublicReviewFormProps) => {
  const create = useCreatePublicReview();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<SentReview | null>(null);
  const form = useForm<PublicReviewValues, unknown, PublicReviewOutput>({
    resolver: zodResolver(PublicReviewInputSchema),
    defaultValues: { companyId, authorName: '', authorEmail: '', rating: 0, title: '', body: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const review = await create.mutateAsync(values);
      setSent({ authorName: review.authorName, authorEmail: values.authorEmail });
    } catch (error) {
      setFormError(
        applyServerErrors(
          error,
          ['authorName', 'authorEmail', 'rating', 'title', 'body'],
          form.setError,
        ),
      );
    }
  });

  if (sent) {
    return (
      <CheckYourEmail {...sent} supplierName={supplierName} onSendAgain={() => setSent(null)} />
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-label="Review a supplier"
      >
        <Stack gap="md">
          <FormErrorAlert message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Your name"
              required
              autoComplete="name"
              {...form.register('authorName')}
              error={errors.authorName?.message}
            />
            <TextInput
              label="E-mail"
              description="Not shown. We e-mail you a link to confirm the review; one review per address."
              required
              type="email"
              autoComplete="email"
              {...form.register('authorEmail')}
              error={errors.authorEmail?.message}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => (
              <Input.Wrapper label="Rating" required error={errors.rating?.message}>
                <Rating
                  value={typeof field.value === 'number' ? field.value : 0}
                  onChange={field.onChange}
                  size="lg"
                  mt={4}
                  aria-label="Rating"
                  getSymbolLabel={(stars) => `${stars} of 5 stars`}
                />
              </Input.Wrapper>
            )}
          />
          <TextInput
            label="Title"
            required
            {...form.register('title')}
            error={errors.title?.message}
          />
          <Textarea
            label="Your review"
            autosize
            minRows={4}
            maxRows={12}
            {...form.register('body')}
            error={errors.body?.message}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Send review
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
