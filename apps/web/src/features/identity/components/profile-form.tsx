import { zodResolver } from '@hookform/resolvers/zod';
import { Avatar, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { AccountTypeSchema, UsageStyleSchema } from '@atelier/contract/identity/account';
import {
  type StoreProfile,
  type UpdateStoreProfileInput,
  UpdateStoreProfileInputSchema,
} from '@atelier/contract/identity/store';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { showSuccessToast } from '@/lib/notify';
import { useUpdateStoreProfile } from '../api/store-queries';
import { ACCOUNT_TYPE_OPTIONS, USAGE_STYLE_OPTIONS } from './onboarding-options';

/** Inputs hold text; an empty name or avatar means "none". The contract's schema has the rules. */
const ProfileFormSchema = z
  .object({
    title: z.string(),
    name: z.string(),
    avatarUrl: z.string(),
    accountType: AccountTypeSchema,
    usageStyle: UsageStyleSchema,
  })
  .transform((values) => ({
    ...values,
    name: values.name.trim() === '' ? null : values.name,
    avatarUrl: values.avatarUrl.trim() === '' ? null : values.avatarUrl,
  }))
  .pipe(UpdateStoreProfileInputSchema.required());

type ProfileFormValues = z.input<typeof ProfileFormSchema>;

const toFormValues = (profile: StoreProfile): ProfileFormValues => ({
  title: profile.title,
  name: profile.user.name ?? '',
  avatarUrl: profile.avatarUrl ?? '',
  accountType: profile.accountType,
  usageStyle: profile.usageStyle,
});

type ProfileFormProps = { profile: StoreProfile; canEdit: boolean };

export const ProfileForm = ({ profile, canEdit }: ProfileFormProps) => {
  const update = useUpdateStoreProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProfileFormValues, unknown, UpdateStoreProfileInput>({
    resolver: zodResolver(ProfileFormSchema),
    values: toFormValues(profile),
    resetOptions: { keepDirtyValues: false },
  });
  const { errors, isDirty } = form.formState;
  const avatarUrl = useWatch({ control: form.control, name: 'avatarUrl' });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(values);
      showSuccessToast('Store profile saved.');
    } catch (error) {
      setFormError(
        applyServerErrors(
          error,
          ['title', 'name', 'avatarUrl', 'accountType', 'usageStyle'],
          form.setError,
        ),
      );
    }
  });

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Store profile">
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="md">
          <FormErrorAlert message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Store name"
              required
              {...form.register('title')}
              error={errors.title?.message}
            />
            <TextInput
              label="Your name"
              autoComplete="name"
              {...form.register('name')}
              error={errors.name?.message}
            />
          </SimpleGrid>
          <Group align="flex-end" wrap="nowrap">
            <Avatar src={avatarUrl.trim() || null} radius="md" size="lg" alt="" color="indigo">
              {profile.title.slice(0, 1).toUpperCase()}
            </Avatar>
            <TextInput
              flex={1}
              label="Avatar URL"
              placeholder="https://…"
              type="url"
              {...form.register('avatarUrl')}
              error={errors.avatarUrl?.message}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="accountType"
              render={({ field }) => (
                <Select
                  label="Account type"
                  data={ACCOUNT_TYPE_OPTIONS.map(({ value, label }) => ({ value, label }))}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  allowDeselect={false}
                  error={errors.accountType?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="usageStyle"
              render={({ field }) => (
                <Select
                  label="How you like to work"
                  data={USAGE_STYLE_OPTIONS.map(({ value, label }) => ({ value, label }))}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  allowDeselect={false}
                  error={errors.usageStyle?.message}
                />
              )}
            />
          </SimpleGrid>
          {canEdit ? (
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => form.reset(toFormValues(profile))}
                disabled={!isDirty || update.isPending}
              >
                Discard changes
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!isDirty}>
                Save profile
              </Button>
            </Group>
          ) : null}
        </Stack>
      </fieldset>
    </form>
  );
};
