import {
  ActionIcon,
  Button,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { ProductFormOutput, ProductFormValues } from '../product-form-values';

type ProductForm = UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;

const MAX_IMAGES = 20;
const THUMBNAIL_SIZE = 36;

/** A small preview of an image row's address, once it reads as one the contract accepts. */
const ImagePreview = ({ url }: { url: string }) =>
  /^(https:\/\/|\/api\/files\/)/.test(url) ? (
    <Image src={url} alt="" w={THUMBNAIL_SIZE} h={THUMBNAIL_SIZE} radius="sm" fit="cover" />
  ) : (
    <Paper w={THUMBNAIL_SIZE} h={THUMBNAIL_SIZE} radius="sm" bg="gray.1" aria-hidden>
      <Group h="100%" justify="center">
        <IconPhoto size={18} color="var(--mantine-color-gray-5)" />
      </Group>
    </Paper>
  );

/** The product's images by address (https or an uploaded file), each with its alt text. */
export const ProductImagesFields = ({ form }: { form: ProductForm }) => {
  const images = useFieldArray({ control: form.control, name: 'images' });
  const rows = useWatch({ control: form.control, name: 'images' });
  const { errors } = form.formState;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="product-images">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="product-images">
            Images
          </Title>
          <Text size="sm" c="dimmed">
            Optional: an https:// address each, and alt text saying what it shows for screen
            readers. The first image shows in the product list.
          </Text>
        </div>
        {images.fields.map((image, index) => {
          const position = index + 1;
          return (
            <Group key={image.id} align="flex-start" gap="sm" wrap="wrap">
              <ImagePreview url={rows?.[index]?.url ?? ''} />
              <TextInput
                label={`Image ${position} address`}
                placeholder="https://"
                style={{ flex: '2 1 240px' }}
                {...form.register(`images.${index}.url`)}
                error={errors.images?.[index]?.url?.message}
              />
              <TextInput
                label={`Image ${position} alt text`}
                style={{ flex: '1 1 200px' }}
                {...form.register(`images.${index}.alt`)}
                error={errors.images?.[index]?.alt?.message}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={25}
                aria-label={`Remove image ${position}`}
                onClick={() => images.remove(index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        {images.fields.length < MAX_IMAGES ? (
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => images.append({ url: '', alt: null })}
            >
              Add image
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
};
