import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Input, Rating, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type CatalogCompanyReview, ReviewInputSchema } from '@atelier/contract/catalog/review';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { showSuccessToast } from '@/lib/notify';
import { useSaveReview } from '../api/review-queries';

type ReviewFormValues = z.input<typeof ReviewInputSchema>;
type ReviewFormOutput = z.output<typeof ReviewInputSchema>;

type ReviewFormProps = {
  companyId: string;
  /** The store's own review: the form edits it instead of writing a new one. */
  ownReview: CatalogCompanyReview | null;
  onDone: () => void;
};

/** Write (or edit) the store's review of a supplier: 1–5 stars, a title and a text. */
export const ReviewForm = ({ companyId, ownReview, onDone }: ReviewFormProps) => {
  const save = useSaveReview(companyId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ReviewFormValues, unknown, ReviewFormOutput>({
    resolver: zodResolver(ReviewInputSchema),
    defaultValues: ownReview
      ? { rating: ownReview.rating, title: ownReview.title, body: ownReview.body }
      : { rating: 0, title: '', body: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ ...values, reviewId: ownReview?.id });
      showSuccessToast(
        ownReview ? 'Your review was updated.' : 'Thanks, your review is published.',
      );
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, ['rating', 'title', 'body'], form.setError));
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label={ownReview ? 'Edit your review' : 'Write a review'}
    >
      <Stack gap="md">
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
          placeholder="Communication, quality, lead times, what you ordered…"
          autosize
          minRows={3}
          maxRows={10}
          {...form.register('body')}
          error={errors.body?.message}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {ownReview ? 'Save review' : 'Publish review'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
