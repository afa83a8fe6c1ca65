import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type Product, ProductInputSchema } from '@atelier/contract/sales/product';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { applyServerErrors } from '@/lib/form-errors';
import { showSuccessToast } from '@/lib/notify';
import { useSaveProduct } from '../api/product-queries';
import {
  EMPTY_PRODUCT,
  firstErrorMessage,
  formFieldsOf,
  type ProductFormOutput,
  type ProductFormValues,
  toFormValues,
  toProductBody,
} from '../product-form-values';
import { ProductImagesFields } from './product-images-fields';
import { ProductOptionsFields } from './product-options-fields';
import { ProductVariantsTable } from './product-variants-table';

type ProductEditorProps = {
  /** The product to edit; a new one when undefined. */
  product?: Product | undefined;
  /** After a new product is saved, once the form holds it (nothing unsaved is left). */
  onCreated?: (product: Product) => void;
  /** Beside the save button: a way back. */
  cancelAction?: ReactNode;
};

/**
 * Issue 11 product editor: the product's fields, images, options and variants, checked with the
 * contract's schema; the server's field errors (`variants.2.sku`, 409 `sku_taken`) land on their
 * fields.
 */
export const ProductEditor = ({ product, onCreated, cancelAction }: ProductEditorProps) => {
  const save = useSaveProduct();
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<Product | null>(null);
  const form = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(ProductInputSchema),
    defaultValues: product ? toFormValues(product) : EMPTY_PRODUCT,
  });
  const { errors, isDirty } = form.formState;

  // The guard reads the form's state as last rendered: leave only once it shows nothing unsaved.
  useEffect(() => {
    if (created && !isDirty) onCreated?.(created);
  }, [created, isDirty, onCreated]);

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: product?.id, body: toProductBody(values) });
      form.reset(toFormValues(saved));
      showSuccessToast(product ? 'Product saved.' : `${saved.title} added.`);
      if (!product) setCreated(saved);
    } catch (error) {
      setFormError(applyServerErrors(error, formFieldsOf(form.getValues()), form.setError));
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label={product ? `Edit ${product.title}` : 'New product'}
    >
      <UnsavedChangesGuard isDirty={isDirty && !created} />
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="product-details">
          <Stack gap="md">
            <Title order={2} fz="h4" id="product-details">
              Details
            </Title>
            <TextInput
              label="Title"
              required
              placeholder="Linen apron"
              {...form.register('title')}
              error={errors.title?.message}
            />
            <Textarea
              label="Description"
              autosize
              minRows={3}
              maxRows={10}
              {...form.register('description')}
              error={errors.description?.message}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Vendor"
                description="Who makes it: your brand or a supplier."
                {...form.register('vendor')}
                error={errors.vendor?.message}
              />
              <TextInput
                label="Product type"
                description="Your own grouping: Apron, Mug, T-shirt…"
                {...form.register('productType')}
                error={errors.productType?.message}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="tags"
                render={({ field }) => (
                  <TagsInput
                    label="Tags"
                    description="Type a tag, then Enter."
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    splitChars={[',']}
                    clearable
                    error={firstErrorMessage(errors.tags)}
                  />
                )}
              />
              <TextInput
                label="Currency"
                description="Prices of every variant are in this currency."
                readOnly
                variant="filled"
                {...form.register('currencyCode')}
              />
            </SimpleGrid>
            {product?.category ? (
              <Text size="sm" c="dimmed">
                Category: {product.category.path}
              </Text>
            ) : null}
          </Stack>
        </Paper>
        <ProductImagesFields form={form} />
        <ProductOptionsFields form={form} />
        <ProductVariantsTable form={form} />
        <Group justify="flex-end" gap="sm">
          {cancelAction}
          <Button type="submit" loading={save.isPending}>
            {product ? 'Save product' : 'Add product'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
