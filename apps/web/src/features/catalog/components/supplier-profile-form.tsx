import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPhotoPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import type { ValueSource } from '@atelier/contract/catalog/supplier';
import {
  MAX_SUPPLIER_PHOTOS,
  MAX_SUPPLIER_TAGS,
  type SupplierProfile,
  SupplierProfileFieldsSchema,
  type SupplierProfileFields,
  type UpdateSupplierProfileInput,
} from '@atelier/contract/catalog/supplier-profile';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { isApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/notify';
import { uploadProfileImage, useUpdateOwnSupplierProfile } from '../api/supplier-profile-queries';
import { DemoMarker } from './demo-marker';

type FormValues = z.input<typeof SupplierProfileFieldsSchema>;
type FieldName = keyof SupplierProfileFields;

const FIELDS: readonly FieldName[] = [
  'description',
  'capabilities',
  'certifications',
  'samplePrice',
  'moq',
  'productionTimeDays',
  'orderVolume',
  'logoFileId',
  'coverFileId',
  'photoFileIds',
];

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

const toFormValues = (profile: SupplierProfile): FormValues => ({
  description: profile.description,
  capabilities: profile.capabilities,
  certifications: profile.certifications,
  // Sample prices are kept in USD (spec §9: money is shown as USD).
  samplePrice:
    profile.samplePrice === null
      ? null
      : { amount: profile.samplePrice.amount, currencyCode: 'USD' },
  moq: profile.moq,
  productionTimeDays: profile.productionTimeDays,
  orderVolume: profile.orderVolume,
  logoFileId: profile.logo?.fileId ?? null,
  coverFileId: profile.cover?.fileId ?? null,
  photoFileIds: profile.photos.map((photo) => photo.fileId),
});

/** Only the fields that differ from the saved profile: each one sent becomes the supplier's. */
export const changedFields = (
  saved: FormValues,
  values: SupplierProfileFields,
): UpdateSupplierProfileInput =>
  Object.fromEntries(
    FIELDS.filter((field) => JSON.stringify(saved[field]) !== JSON.stringify(values[field])).map(
      (field) => [field, values[field]],
    ),
  );

/** Where each image is shown from: the public URL once saved, a local preview before. */
const previewsOf = (profile: SupplierProfile): Record<string, string> =>
  Object.fromEntries(
    [profile.logo, profile.cover, ...profile.photos].flatMap((image) =>
      image ? [[image.fileId, image.url]] : [],
    ),
  );

const FieldLabel = ({ label, source }: { label: string; source: ValueSource | undefined }) => (
  <Group gap={4} component="span" wrap="nowrap" display="inline-flex">
    {label} <DemoMarker source={source} label={label} />
  </Group>
);

const toNumberOrNaN = (value: string | number): number =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

type ImageSlotProps = {
  label: string;
  description: string;
  src: string | undefined;
  emptyText: string;
  height: number;
  isUploading: boolean;
  onPick: (file: File | null) => void;
  onRemove: () => void;
  error: string | undefined;
};

const ImageSlot = ({
  label,
  description,
  src,
  emptyText,
  height,
  isUploading,
  onPick,
  onRemove,
  error,
}: ImageSlotProps) => (
  <Stack gap="xs">
    <div>
      <Text fw={500} size="sm">
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
    </div>
    {src ? (
      <Image src={src} alt={`${label} preview`} h={height} fit="contain" radius="md" bg="gray.0" />
    ) : (
      <Paper withBorder radius="md" h={height} p="sm" bg="gray.0">
        <Text size="sm" c="dimmed" ta="center" mt={height / 2 - 12}>
          {emptyText}
        </Text>
      </Paper>
    )}
    <Group gap="xs">
      <FileButton onChange={onPick} accept={IMAGE_TYPES}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            leftSection={<IconUpload size={14} aria-hidden />}
            loading={isUploading}
          >
            {src ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
          </Button>
        )}
      </FileButton>
      {src ? (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={onRemove}
        >
          Remove {label.toLowerCase()}
        </Button>
      ) : null}
    </Group>
    {error ? (
      <Text size="xs" c="red" role="alert">
        {error}
      </Text>
    ) : null}
  </Stack>
);

type UploadState = { target: string | null; error: { target: string; message: string } | null };

/** Uploads images as the supplier; new ones are shown from local previews until saved. */
const useImageUploads = (profile: SupplierProfile) => {
  const [localPreviews, setLocalPreviews] = useState<Record<string, string>>({});
  const [state, setState] = useState<UploadState>({ target: null, error: null });
  const previews = { ...previewsOf(profile), ...localPreviews };

  /** Uploads `files` for `target`, keeps local previews, returns the new file ids. */
  const upload = async (target: string, files: File[]): Promise<string[]> => {
    setState({ target, error: null });
    const ids: string[] = [];
    try {
      for (const file of files) {
        const uploaded = await uploadProfileImage(file);
        ids.push(uploaded.id);
        setLocalPreviews((current) => ({ ...current, [uploaded.id]: URL.createObjectURL(file) }));
      }
      setState({ target: null, error: null });
    } catch (error) {
      const message = isApiError(error) ? error.message : 'The image could not be uploaded.';
      setState({ target: null, error: { target, message } });
    }
    return ids;
  };
  return { previews, state, upload };
};

const NumberField = ({
  control,
  name,
  label,
  source,
  suffix,
  description,
}: {
  control: Control<FormValues>;
  name: 'productionTimeDays' | 'orderVolume';
  label: string;
  source: ValueSource | undefined;
  suffix: string;
  description: string;
}) => (
  <Controller
    control={control}
    name={name}
    render={({ field, fieldState }) => (
      <NumberInput
        label={<FieldLabel label={label} source={source} />}
        description={description}
        required
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        suffix={suffix}
        value={Number.isNaN(field.value) ? '' : field.value}
        onChange={(value) => field.onChange(toNumberOrNaN(value))}
        onBlur={field.onBlur}
        name={field.name}
        ref={field.ref}
        error={fieldState.error?.message}
      />
    )}
  />
);

type SupplierProfileFormProps = {
  profile: SupplierProfile;
  /** Called when the form gains or loses unsaved changes (the page's leave guard). */
  onDirtyChange?: (isDirty: boolean) => void;
};

/**
 * Issue 10: the supplier edits its own profile. Validated with the contract's schema; only the
 * changed fields are sent, so only they become the supplier's (no longer demo values).
 */
export const SupplierProfileForm = ({ profile, onDirtyChange }: SupplierProfileFormProps) => {
  const update = useUpdateOwnSupplierProfile();
  const [formError, setFormError] = useState<string | null>(null);
  // The last saved profile: the one given, then each save's answer, until a new one is given.
  const [current, setCurrent] = useState(profile);
  const [givenProfile, setGivenProfile] = useState(profile);
  if (profile !== givenProfile) {
    setGivenProfile(profile);
    setCurrent(profile);
  }
  const { previews, state: uploadState, upload } = useImageUploads(current);
  const saved = toFormValues(current);
  const form = useForm<FormValues, unknown, SupplierProfileFields>({
    resolver: zodResolver(SupplierProfileFieldsSchema),
    values: saved,
    resetOptions: { keepDirtyValues: false },
  });
  const { errors, isDirty } = form.formState;
  const sources = current.fieldSources;
  const [logoFileId, coverFileId, photoFileIds, samplePrice, moq] = useWatch({
    control: form.control,
    name: ['logoFileId', 'coverFileId', 'photoFileIds', 'samplePrice', 'moq'],
  });

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const setImage = (name: 'logoFileId' | 'coverFileId', fileId: string | null) =>
    form.setValue(name, fileId, { shouldDirty: true, shouldValidate: true });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      setCurrent(await update.mutateAsync(changedFields(saved, values)));
      showSuccessToast('Profile saved. Stores see the changes now.');
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, form.setError));
    }
  });

  const photosLeft = MAX_SUPPLIER_PHOTOS - photoFileIds.length;

  /** The logo's or the cover's slot: one picture, uploaded, previewed and removable. */
  const singleImageSlot = (
    target: 'logo' | 'cover',
    field: 'logoFileId' | 'coverFileId',
    text: { label: string; description: string; emptyText: string },
  ) => {
    const fileId = field === 'logoFileId' ? logoFileId : coverFileId;
    return (
      <ImageSlot
        {...text}
        src={fileId ? previews[fileId] : undefined}
        height={120}
        isUploading={uploadState.target === target}
        onPick={(file) => {
          if (!file) return;
          void upload(target, [file]).then(([id]) => id && setImage(field, id));
        }}
        onRemove={() => setImage(field, null)}
        error={
          errors[field]?.message ??
          (uploadState.error?.target === target ? uploadState.error.message : undefined)
        }
      />
    );
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Supplier profile">
      <Stack gap="lg">
        <FormErrorAlert message={formError} />
        {update.isSuccess && !isDirty ? (
          <Alert color="teal" variant="light" role="status">
            Your profile is saved. Stores see these values now.
          </Alert>
        ) : null}

        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              Pictures
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {singleImageSlot('logo', 'logoFileId', {
                label: 'Logo',
                description: 'Square works best. PNG, JPG, GIF or WebP, up to 20 MB.',
                emptyText: 'No logo yet: stores see your initials.',
              })}
              {singleImageSlot('cover', 'coverFileId', {
                label: 'Cover',
                description: 'A wide picture shown at the top of your profile.',
                emptyText: 'No cover picture yet.',
              })}
            </SimpleGrid>
            <Stack gap="xs">
              <Group justify="space-between">
                <div>
                  <Text fw={500} size="sm">
                    Factory photos
                  </Text>
                  <Text size="xs" c="dimmed">
                    Your floor, machines, samples and team: up to {MAX_SUPPLIER_PHOTOS} photos.
                  </Text>
                </div>
                <FileButton
                  multiple
                  accept={IMAGE_TYPES}
                  onChange={(files) => {
                    const picked = files.slice(0, photosLeft);
                    if (picked.length === 0) return;
                    void upload('photos', picked).then((ids) =>
                      form.setValue('photoFileIds', [...form.getValues('photoFileIds'), ...ids], {
                        shouldDirty: true,
                        shouldValidate: true,
                      }),
                    );
                  }}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      size="xs"
                      leftSection={<IconPhotoPlus size={14} aria-hidden />}
                      loading={uploadState.target === 'photos'}
                      disabled={photosLeft <= 0}
                    >
                      Add photos
                    </Button>
                  )}
                </FileButton>
              </Group>
              {photoFileIds.length === 0 ? (
                <Paper withBorder radius="md" p="md" bg="gray.0">
                  <Text size="sm" c="dimmed" ta="center">
                    No factory photos yet. Stores trust suppliers they can see.
                  </Text>
                </Paper>
              ) : (
                <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
                  {photoFileIds.map((fileId, index) => (
                    <Stack key={fileId} gap={4}>
                      <Image
                        src={previews[fileId]}
                        alt={`Factory photo ${index + 1}`}
                        h={110}
                        radius="md"
                        fit="cover"
                      />
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-xs"
                        leftSection={<IconTrash size={12} aria-hidden />}
                        onClick={() =>
                          form.setValue(
                            'photoFileIds',
                            photoFileIds.filter((id) => id !== fileId),
                            { shouldDirty: true, shouldValidate: true },
                          )
                        }
                      >
                        Remove photo {index + 1}
                      </Button>
                    </Stack>
                  ))}
                </SimpleGrid>
              )}
              {errors.photoFileIds?.message ? (
                <Text size="xs" c="red" role="alert">
                  {errors.photoFileIds.message}
                </Text>
              ) : null}
              {uploadState.error?.target === 'photos' ? (
                <Text size="xs" c="red" role="alert">
                  {uploadState.error.message}
                </Text>
              ) : null}
            </Stack>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              About your company
            </Title>
            <Textarea
              label={<FieldLabel label="Description" source={sources.description} />}
              description="What you make, for whom, and how. At least 20 characters."
              required
              autosize
              minRows={4}
              maxRows={12}
              {...form.register('description')}
              error={errors.description?.message}
            />
            <Controller
              control={form.control}
              name="capabilities"
              render={({ field, fieldState }) => (
                <TagsInput
                  label={<FieldLabel label="Capabilities" source={sources.capabilities} />}
                  description={`Press Enter after each one, up to ${MAX_SUPPLIER_TAGS}.`}
                  placeholder="Cut and sew"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  maxTags={MAX_SUPPLIER_TAGS}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="certifications"
              render={({ field, fieldState }) => (
                <TagsInput
                  label={<FieldLabel label="Certifications" source={sources.certifications} />}
                  description="Press Enter after each one."
                  placeholder="OEKO-TEX Standard 100"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  maxTags={MAX_SUPPLIER_TAGS}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              Orders and samples
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Stack gap={6}>
                <Controller
                  control={form.control}
                  name="moq"
                  render={({ field, fieldState }) => (
                    <NumberInput
                      label={<FieldLabel label="MOQ" source={sources.moq} />}
                      description="Minimum order quantity, in units."
                      allowDecimal={false}
                      allowNegative={false}
                      thousandSeparator=","
                      suffix=" units"
                      disabled={field.value === null}
                      value={field.value === null || Number.isNaN(field.value) ? '' : field.value}
                      onChange={(value) => field.onChange(toNumberOrNaN(value))}
                      onBlur={field.onBlur}
                      name={field.name}
                      ref={field.ref}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <Checkbox
                  label="Custom MOQ (agreed per order)"
                  checked={moq === null}
                  onChange={(event) =>
                    form.setValue('moq', event.currentTarget.checked ? null : 100, {
                      shouldDirty: true,
                      shouldValidate: true,
                    })
                  }
                />
              </Stack>
              <Stack gap={6}>
                <Controller
                  control={form.control}
                  name="samplePrice"
                  render={({ field, fieldState }) => (
                    <NumberInput
                      label={<FieldLabel label="Sample price" source={sources.samplePrice} />}
                      description="In US dollars."
                      prefix="$"
                      decimalScale={2}
                      allowNegative={false}
                      thousandSeparator=","
                      disabled={field.value === null}
                      value={
                        field.value === null || Number.isNaN(field.value.amount)
                          ? ''
                          : field.value.amount / 100
                      }
                      onChange={(value) => {
                        const dollars = toNumberOrNaN(value);
                        field.onChange({
                          amount: Number.isNaN(dollars) ? dollars : Math.round(dollars * 100),
                          currencyCode: 'USD',
                        });
                      }}
                      onBlur={field.onBlur}
                      name={field.name}
                      ref={field.ref}
                      error={
                        fieldState.error?.message ??
                        errors.samplePrice?.amount?.message ??
                        errors.samplePrice?.currencyCode?.message
                      }
                    />
                  )}
                />
                <Checkbox
                  label="Custom quote (priced per request)"
                  checked={samplePrice === null}
                  onChange={(event) =>
                    form.setValue(
                      'samplePrice',
                      event.currentTarget.checked ? null : { amount: 5000, currencyCode: 'USD' },
                      { shouldDirty: true, shouldValidate: true },
                    )
                  }
                />
              </Stack>
              <NumberField
                control={form.control}
                name="productionTimeDays"
                label="Production time"
                source={sources.productionTimeDays}
                suffix=" days"
                description="Typical days from order to shipment."
              />
              <NumberField
                control={form.control}
                name="orderVolume"
                label="Order volume"
                source={sources.orderVolume}
                suffix=" units"
                description="Typical units per order."
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Group justify="flex-end" gap="sm">
          {isDirty ? (
            <Text size="sm" c="dimmed" role="status">
              You have unsaved changes.
            </Text>
          ) : null}
          <Button
            variant="default"
            onClick={() => form.reset(saved)}
            disabled={!isDirty || update.isPending}
          >
            Discard changes
          </Button>
          <Button
            type="submit"
            loading={update.isPending}
            disabled={!isDirty || uploadState.target !== null}
          >
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
