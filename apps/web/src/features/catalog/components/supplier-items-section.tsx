import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatMoney } from '@atelier/contract/common/money';
import { SAMPLE_STOCK_LABELS, SAMPLE_STOCK_STATUSES } from '@atelier/contract/catalog/item';
import { CatalogItemKindSchema } from '@atelier/contract/catalog/supplier';
import {
  type SupplierItem,
  SupplierItemInputSchema,
  type SupplierItemInput,
  type UpdateSupplierItemInput,
} from '@atelier/contract/catalog/supplier-item';
import { CategoryPicture } from '@/components/pictures/category-picture';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { showSuccessToast } from '@/lib/notify';
import {
  uploadProfileImage,
  useDeleteOwnSupplierItem,
  useOwnSupplierItems,
  useSaveOwnSupplierItem,
  useSubgroupCategories,
} from '../api/supplier-profile-queries';
import { formatMoq } from '../catalog-format';

type ItemFormValues = z.input<typeof SupplierItemInputSchema>;
type ItemField = keyof SupplierItemInput;

const ITEM_FIELDS: readonly ItemField[] = [
  'kind',
  'title',
  'description',
  'categoryId',
  'moq',
  'price',
  'imageFileId',
  'sampleStock',
];

const KIND_OPTIONS = [
  { value: 'PRODUCT', label: 'Product' },
  { value: 'PACKAGING', label: 'Packaging' },
  { value: 'SERVICES', label: 'Service' },
];

const SAMPLE_STOCK_OPTIONS = SAMPLE_STOCK_STATUSES.map((status) => ({
  value: status,
  label: SAMPLE_STOCK_LABELS[status],
}));

const EMPTY_ITEM: ItemFormValues = {
  kind: 'PRODUCT',
  title: '',
  description: '',
  categoryId: null,
  moq: 100,
  price: { amount: Number.NaN, currencyCode: 'USD' },
  imageFileId: null,
  sampleStock: 'IN_STOCK',
};

const toItemValues = (item: SupplierItem): ItemFormValues => ({
  kind: KIND_OPTIONS.some((option) => option.value === item.kind)
    ? (item.kind as ItemFormValues['kind'])
    : 'PRODUCT',
  title: item.title,
  description: item.description,
  categoryId: item.categoryId,
  moq: item.moq,
  price: { amount: item.price.amount, currencyCode: 'USD' },
  imageFileId: item.image?.fileId ?? null,
  sampleStock: item.sampleStock,
});

const toNumberOrNaN = (value: string | number): number =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

type ItemFormProps = { item: SupplierItem | null; onDone: () => void };

/** Adds an item (`item` null) or edits one; only changed fields are sent on an edit. */
const ItemForm = ({ item, onDone }: ItemFormProps) => {
  const save = useSaveOwnSupplierItem();
  const categories = useSubgroupCategories();
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | undefined>(item?.image?.url);
  const [upload, setUpload] = useState<{ isPending: boolean; error: string | null }>({
    isPending: false,
    error: null,
  });
  const initial = item ? toItemValues(item) : EMPTY_ITEM;
  const form = useForm<ItemFormValues, unknown, SupplierItemInput>({
    resolver: zodResolver(SupplierItemInputSchema),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const imageFileId = useWatch({ control: form.control, name: 'imageFileId' });

  const handlePick = async (file: File | null) => {
    if (!file) return;
    setUpload({ isPending: true, error: null });
    try {
      const uploaded = await uploadProfileImage(file);
      setPreview(URL.createObjectURL(file));
      form.setValue('imageFileId', uploaded.id, { shouldDirty: true });
      setUpload({ isPending: false, error: null });
    } catch (error) {
      const message = isApiError(error) ? error.message : 'The image could not be uploaded.';
      setUpload({ isPending: false, error: message });
    }
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body: UpdateSupplierItemInput = item
      ? Object.fromEntries(
          ITEM_FIELDS.filter(
            (field) => JSON.stringify(initial[field]) !== JSON.stringify(values[field]),
          ).map((field) => [field, values[field]]),
        )
      : values;
    try {
      await save.mutateAsync({ id: item?.id, body });
      showSuccessToast(item ? 'Item saved.' : 'Item added to your catalogue.');
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, ITEM_FIELDS, form.setError));
    }
  });

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Catalogue item">
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Title"
            required
            data-autofocus
            {...form.register('title')}
            error={errors.title?.message}
          />
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <Select
                label="Kind"
                data={KIND_OPTIONS}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
                error={errors.kind?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="categoryId"
          render={({ field }) => (
            <Select
              label="Category"
              placeholder={categories.isPending ? 'Loading categories…' : 'Search categories'}
              searchable
              clearable
              limit={50}
              nothingFoundMessage="No category with these words"
              data={(categories.data?.items ?? []).map((category) => ({
                value: String(category.id),
                label: [category.vertical, category.group, category.subgroup]
                  .filter(Boolean)
                  .join(' > '),
              }))}
              value={field.value === null ? null : String(field.value)}
              onChange={(value) => field.onChange(value === null ? null : Number(value))}
              error={errors.categoryId?.message}
            />
          )}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          {...form.register('description')}
          error={errors.description?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="moq"
            render={({ field }) => (
              <NumberInput
                label="MOQ"
                description="Minimum order quantity, in units."
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=","
                suffix=" units"
                value={field.value === null || Number.isNaN(field.value) ? '' : field.value}
                onChange={(value) => field.onChange(toNumberOrNaN(value))}
                error={errors.moq?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="price"
            render={({ field }) => (
              <NumberInput
                label="Unit price"
                description="In US dollars, at the MOQ."
                required
                prefix="$"
                decimalScale={2}
                allowNegative={false}
                thousandSeparator=","
                value={Number.isNaN(field.value.amount) ? '' : field.value.amount / 100}
                onChange={(value) => {
                  const dollars = toNumberOrNaN(value);
                  field.onChange({
                    amount: Number.isNaN(dollars) ? dollars : Math.round(dollars * 100),
                    currencyCode: 'USD',
                  });
                }}
                error={errors.price?.amount?.message ?? errors.price?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="sampleStock"
          render={({ field }) => (
            <Select
              label="Sample stock"
              description="Out of stock, stores cannot order a sample; they can ask you in chat."
              data={SAMPLE_STOCK_OPTIONS}
              value={field.value ?? 'IN_STOCK'}
              onChange={(value) => value && field.onChange(value)}
              allowDeselect={false}
              error={errors.sampleStock?.message}
            />
          )}
        />
        <Group align="flex-end" gap="md">
          {imageFileId && preview ? (
            <Image src={preview} alt="Item photo preview" h={90} w={90} radius="md" fit="cover" />
          ) : (
            <Paper withBorder radius="md" h={90} w={90} bg="gray.0" p={4}>
              <Text size="xs" c="dimmed" ta="center" mt={28}>
                No photo
              </Text>
            </Paper>
          )}
          <Stack gap={4}>
            <Group gap="xs">
              <FileButton
                onChange={(file) => void handlePick(file)}
                accept="image/png,image/jpeg,image/gif,image/webp"
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    size="xs"
                    loading={upload.isPending}
                    leftSection={<IconUpload size={14} aria-hidden />}
                  >
                    {imageFileId ? 'Replace photo' : 'Upload photo'}
                  </Button>
                )}
              </FileButton>
              {imageFileId ? (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  onClick={() => form.setValue('imageFileId', null, { shouldDirty: true })}
                >
                  Remove photo
                </Button>
              ) : null}
            </Group>
            {(upload.error ?? errors.imageFileId?.message) ? (
              <Text size="xs" c="red" role="alert">
                {upload.error ?? errors.imageFileId?.message}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={upload.isPending}>
            {item ? 'Save item' : 'Add item'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

type ItemRowProps = { item: SupplierItem; supplierId: string | undefined; onEdit: () => void };

const ItemRow = ({ item, supplierId, onEdit }: ItemRowProps) => {
  const remove = useDeleteOwnSupplierItem();
  const [isConfirming, setIsConfirming] = useState(false);
  // The picture stores see: the item's photo, else its category's drawing on the supplier's tint.
  const categoryNames = item.categoryPath?.split(' > ').reverse() ?? [];
  return (
    <Paper withBorder radius="md" p="sm" data-testid="supplier-item">
      {/* On a phone the actions move under the item rather than squeeze its title. */}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group wrap="nowrap" gap="sm" miw={0} style={{ flex: '1 1 240px' }}>
          <CategoryPicture
            names={categoryNames}
            kind={CatalogItemKindSchema.safeParse(item.kind).data}
            title={item.title}
            supplierId={supplierId}
            imageUrl={item.image?.url}
            label={categoryNames[0] ?? item.title}
          />
          <Stack gap={0} miw={0}>
            <Text fw={600} truncate>
              {item.title}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {item.categoryPath ?? 'No category'}
            </Text>
            <Text size="sm">
              {formatMoney(item.price)} · MOQ {formatMoq(item.moq)}
            </Text>
            <Badge
              size="sm"
              variant="light"
              color={item.sampleStock === 'OUT_OF_STOCK' ? 'orange' : 'teal'}
              tt="none"
              w="fit-content"
              mt={4}
            >
              Samples {SAMPLE_STOCK_LABELS[item.sampleStock].toLowerCase()}
            </Badge>
          </Stack>
        </Group>
        {isConfirming ? (
          <Group gap="xs" wrap="nowrap" ml="auto">
            <Text size="sm">Remove {item.title}?</Text>
            <Button
              size="xs"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(item.id, {
                  onSuccess: () => showSuccessToast(`${item.title} removed from your catalogue.`),
                })
              }
            >
              Remove
            </Button>
            <Button size="xs" variant="default" onClick={() => setIsConfirming(false)}>
              Keep
            </Button>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap" ml="auto">
            <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${item.title}`}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setIsConfirming(true)}
              aria-label={`Remove ${item.title}`}
            >
              Remove
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
};

/**
 * Issue 10: the supplier's own catalogue items, with add, edit and remove. `supplierId` (the
 * company's id, once known) tints the items' pictures as stores see them.
 */
export const SupplierItemsSection = ({ supplierId }: { supplierId?: string | undefined }) => {
  const items = useOwnSupplierItems();
  const [editing, setEditing] = useState<SupplierItem | 'new' | null>(null);

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={2} fz="h4">
              Catalogue
            </Title>
            <Text size="xs" c="dimmed">
              The products, packaging and services stores can find and order from you.
            </Text>
          </div>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            Add item
          </Button>
        </Group>
        {items.isPending ? (
          <Loader size="sm" aria-label="Loading your catalogue" />
        ) : items.isError ? (
          <Group gap="sm">
            <Text size="sm">Your catalogue could not be loaded.</Text>
            <Button size="xs" variant="default" onClick={() => void items.refetch()}>
              Try again
            </Button>
          </Group>
        ) : items.data.items.length === 0 ? (
          <Paper withBorder radius="md" p="md" bg="gray.0">
            <Text size="sm" c="dimmed" ta="center">
              No items in your catalogue yet. Add what you make so stores can find it.
            </Text>
          </Paper>
        ) : (
          <Stack gap="xs">
            {items.data.items.map((item) => (
              <ItemRow
                key={item.id}
                item={item}
                supplierId={supplierId}
                onEdit={() => setEditing(item)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add an item' : 'Edit item'}
        size="lg"
      >
        {editing !== null ? (
          <ItemForm item={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </Paper>
  );
};
