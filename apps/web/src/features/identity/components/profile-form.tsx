import { zodResolver } from '@hookform/resolvers/zod';
import {
  Avatar,
  Button,
  FileButton,
  Group,
  Input,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { AccountTypeSchema, UsageStyleSchema } from '@atelier/contract/identity/account';
import {
  AVATAR_EXTENSIONS,
  type StoreProfile,
  type UpdateStoreProfileInput,
  UpdateStoreProfileInputSchema,
} from '@atelier/contract/identity/store';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError } from '@/lib/api-error';
import { uploadStoreFile, useStoreImageUrl } from '@/lib/file-upload';
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

const AVATAR_ACCEPT = AVATAR_EXTENSIONS.map((extension) => `.${extension}`).join(',');

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
  const avatarSrc = useStoreImageUrl(avatarUrl.trim() || null);
  const [isUploading, setIsUploading] = useState(false);

  // The upload goes through the files endpoint and its checks; saving the profile keeps it.
  const handleAvatarChosen = async (file: File | null) => {
    if (!file) return;
    form.clearErrors('avatarUrl');
    setIsUploading(true);
    try {
      const uploaded = await uploadStoreFile(file);
      form.setValue('avatarUrl', uploaded.url, { shouldDirty: true });
    } catch (error) {
      const message = isApiError(error) ? error.message : 'The image could not be uploaded.';
      form.setError('avatarUrl', { message });
    } finally {
      setIsUploading(false);
    }
  };

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
          <Input.Wrapper label="Avatar" error={errors.avatarUrl?.message}>
            <Group wrap="wrap" gap="sm" mt={4}>
              <Avatar
                src={avatarSrc}
                radius="md"
                size="lg"
                alt="Store avatar"
                color="indigo"
                data-testid="profile-avatar"
              >
                {profile.title.slice(0, 1).toUpperCase()}
              </Avatar>
              {canEdit ? (
                <>
                  <FileButton
                    onChange={(file) => void handleAvatarChosen(file)}
                    accept={AVATAR_ACCEPT}
                  >
                    {(props) => (
                      <Button {...props} variant="default" size="xs" loading={isUploading}>
                        {avatarUrl ? 'Replace image' : 'Upload image'}
                      </Button>
                    )}
                  </FileButton>
                  {avatarUrl ? (
                    <Button
                      variant="subtle"
                      color="gray"
                      size="xs"
                      onClick={() => form.setValue('avatarUrl', '', { shouldDirty: true })}
                    >
                      Remove
                    </Button>
                  ) : null}
                </>
              ) : null}
              <Text size="xs" c="dimmed" w="100%">
                PNG, JPG, GIF or WebP, up to 20 MB. Save the profile to keep it.
              </Text>
            </Group>
          </Input.Wrapper>
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
