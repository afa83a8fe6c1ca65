import { zodResolver } from '@hookform/resolvers/zod';
import {
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
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PublicReviewInputSchema } from '@atelier/contract/catalog/review';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreatePublicReview } from '../api/review-queries';

type PublicReviewValues = z.input<typeof PublicReviewInputSchema>;
type PublicReviewOutput = z.output<typeof PublicReviewInputSchema>;

type PublicReviewFormProps = { companyId: string; supplierName: string };

/** The public review page of a supplier: no account, one review per e-mail address. */
export const PublicReviewForm = ({ companyId, supplierName }: PublicReviewFormProps) => {
  const create = useCreatePublicReview();
  const [formError, setFormError] = useState<string | null>(null);
  const [thankedName, setThankedName] = useState<string | null>(null);
  const form = useForm<PublicReviewValues, unknown, PublicReviewOutput>({
    resolver: zodResolver(PublicReviewInputSchema),
    defaultValues: { companyId, authorName: '', authorEmail: '', rating: 0, title: '', body: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const review = await create.mutateAsync(values);
      setThankedName(review.authorName);
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

  if (thankedName) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" role="status" data-testid="review-thanks">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Title order={2} fz="h3" ta="center">
            Thank you, {thankedName}!
          </Title>
          <Text c="dimmed" ta="center" maw={460}>
            Your review of {supplierName} is published. It helps other brands choose who to work
            with.
          </Text>
        </Stack>
      </Paper>
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
              description="Not shown; one review per address."
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
              Publish review
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
