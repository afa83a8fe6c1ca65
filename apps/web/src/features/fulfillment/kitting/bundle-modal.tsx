import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_BUNDLE_COMPONENTS, type Bundle } from '@atelier/contract/fulfillment/kitting';
import type { InventoryLevel } from '@atelier/contract/fulfillment/inventory';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useSetBundle } from '../api/kitting-queries';

type Row = { variantId: string; quantity: number | string };

type BundleModalProps = {
  /** The bundle to edit; null to make a new one (the variant is chosen here). */
  bundle: Bundle | null;
  variants: InventoryLevel[];
  onClose: () => void;
};

const labelOf = (level: InventoryLevel) =>
  `${level.sku ?? 'No SKU'} · ${level.productTitle}${level.variantTitle ? ` (${level.variantTitle})` : ''}`;

/** A bundle's components: which variants, how many of each in one bundle. */
export const BundleModal = ({ bundle, variants, onClose }: BundleModalProps) => {
  const save = useSetBundle();
  const [variantId, setVariantId] = useState(bundle?.variantId ?? '');
  const [rows, setRows] = useState<Row[]>(
    bundle?.components.map((component) => ({
      variantId: component.variantId,
      quantity: component.quantity,
    })) ?? [{ variantId: '', quantity: 1 }],
  );
  const errors = listFieldErrors(save.error);
  const otherError =
    save.error && Object.keys(errors).length === 0
      ? isApiError(save.error)
        ? save.error.message
        : 'The bundle could not be saved.'
      : (errors['components'] ?? null);
  const options = variants.map((level) => ({ value: level.variantId, label: labelOf(level) }));
  const change = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const isComplete = variantId && rows.every((row) => row.variantId && Number(row.quantity) > 0);

  return (
    <Modal
      opened
      onClose={onClose}
      title={bundle ? `Components of ${bundle.sku ?? bundle.title}` : 'New bundle'}
      size="lg"
    >
      <form
        aria-label="Bundle components"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            {
              variantId,
              body: {
                components: rows.map((row) => ({
                  variantId: row.variantId,
                  quantity: Number(row.quantity),
                })),
              },
            },
            {
              onSuccess: (saved) => {
                notifications.show({
                  color: 'green',
                  message: `${saved.sku ?? saved.title} saved.`,
                });
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          {bundle ? null : (
            <NativeSelect
              label="Bundle variant"
              description="The variant customers buy: a gift set, a kit."
              data={[{ value: '', label: 'Choose a variant…' }, ...options]}
              value={variantId}
              onChange={(event) => setVariantId(event.currentTarget.value)}
            />
          )}
          <Text size="sm" fw={500}>
            In one bundle
          </Text>
          {rows.map((row, index) => (
            <Group key={index} align="flex-start" wrap="nowrap">
              <NativeSelect
                style={{ flex: 1 }}
                aria-label={`Component ${index + 1}`}
                data={[{ value: '', label: 'Choose a variant…' }, ...options]}
                value={row.variantId}
                onChange={(event) => change(index, { variantId: event.currentTarget.value })}
                error={errors[`components.${index}.variantId`]}
              />
              <NumberInput
                w={100}
                aria-label={`Units of component ${index + 1}`}
                min={1}
                max={1000}
                allowDecimal={false}
                value={row.quantity}
                onChange={(value) => change(index, { quantity: value })}
                error={errors[`components.${index}.quantity`]}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Remove component ${index + 1}`}
                disabled={rows.length === 1}
                onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={rows.length >= MAX_BUNDLE_COMPONENTS}
              onClick={() => setRows((current) => [...current, { variantId: '', quantity: 1 }])}
            >
              Add a component
            </Button>
          </Group>
          {otherError ? (
            <Text size="sm" c="red" role="alert">
              {otherError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isComplete} loading={save.isPending}>
              Save bundle
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
