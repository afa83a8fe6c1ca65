import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ALLOWED_UPLOAD_EXTENSIONS } from '@atelier/contract/files/file-name';
import {
  MAX_WHOLESALE_ATTACHMENTS,
  SaveWholesaleRequirementsBodySchema,
  type SaveWholesaleRequirementsBody,
  type WholesaleAttachment,
  type WholesaleRequirements,
} from '@atelier/contract/fulfillment/wholesale';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { uploadStoreFile } from '@/lib/file-upload';
import {
  fetchPackingSlipObjectUrl,
  useSaveWholesaleRequirements,
  useWholesaleRequirements,
} from '../api/wholesale-queries';

const ACCEPTED_FILES = ALLOWED_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

type Draft = {
  purchaseOrderNumber: string;
  shipWindowStart: string;
  shipWindowEnd: string;
  isPackingSlipRequired: boolean;
  isCartonLabelRequired: boolean;
  isPalletized: boolean;
  instructions: string;
  attachments: WholesaleAttachment[];
};

const draftOf = (requirements: WholesaleRequirements): Draft => ({
  purchaseOrderNumber: requirements.purchaseOrderNumber ?? '',
  shipWindowStart: requirements.shipWindowStart ?? '',
  shipWindowEnd: requirements.shipWindowEnd ?? '',
  isPackingSlipRequired: requirements.isPackingSlipRequired,
  isCartonLabelRequired: requirements.isCartonLabelRequired,
  isPalletized: requirements.isPalletized,
  instructions: requirements.instructions ?? '',
  attachments: requirements.attachments,
});

const bodyOf = (draft: Draft): SaveWholesaleRequirementsBody => ({
  purchaseOrderNumber: draft.purchaseOrderNumber.trim() || null,
  shipWindowStart: draft.shipWindowStart || null,
  shipWindowEnd: draft.shipWindowEnd || null,
  isPackingSlipRequired: draft.isPackingSlipRequired,
  isCartonLabelRequired: draft.isCartonLabelRequired,
  isPalletized: draft.isPalletized,
  instructions: draft.instructions.trim() || null,
  attachmentFileIds: draft.attachments.map((attachment) => attachment.fileId),
});

/** The body's field issues by field name ("attachmentFileIds.3" counts for the list). */
const localErrorsOf = (draft: Draft): Record<string, string> | null => {
  const parsed = SaveWholesaleRequirementsBodySchema.safeParse(bodyOf(draft));
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
};

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The packing slip PDF in a window, fetched with the session when opened. */
const PackingSlipPreview = ({
  orderId,
  isOpen,
  onClose,
}: {
  orderId: string;
  isOpen: boolean;
  onClose: () => void;
}) => {
  const [loaded, setLoaded] = useState<{ url?: string; error?: string } | null>(null);
  useEffect(() => {
    if (!isOpen) return undefined;
    let objectUrl: string | null = null;
    let isCurrent = true;
    fetchPackingSlipObjectUrl(orderId)
      .then((made) => {
        objectUrl = made;
        if (isCurrent) setLoaded({ url: made });
        else URL.revokeObjectURL(made);
      })
      .catch((failure: unknown) => {
        if (isCurrent) {
          setLoaded({ error: failure instanceof Error ? failure.message : String(failure) });
        }
      });
    return () => {
      isCurrent = false;
      setLoaded(null);
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [isOpen, orderId]);
  return (
    <Modal opened={isOpen} onClose={onClose} title="Packing slip" size="xl">
      {loaded?.error ? (
        <Text c="red" role="alert">
          {loaded.error}
        </Text>
      ) : loaded?.url ? (
        <Stack gap="xs">
          <iframe
            src={loaded.url}
            title="Packing slip PDF"
            style={{ width: '100%', height: 640, border: 0 }}
          />
          <Group justify="flex-end">
            <Button component="a" href={loaded.url} download={`packing-slip-${orderId}.pdf`}>
              Download PDF
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading the packing slip" />
        </Group>
      )}
    </Modal>
  );
};

/** The wholesale requirements of one order as a form; Save replaces them. */
const RequirementsForm = ({
  orderId,
  requirements,
}: {
  orderId: string;
  requirements: WholesaleRequirements;
}) => {
  const save = useSaveWholesaleRequirements(orderId);
  const upload = useMutation({ mutationFn: uploadStoreFile });
  const [draft, setDraft] = useState<Draft>(() => draftOf(requirements));
  const [localErrors, setLocalErrors] = useState<Record<string, string> | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const errors = localErrors ?? listFieldErrors(save.error);
  const otherError =
    !localErrors && save.error && Object.keys(errors).length === 0
      ? isApiError(save.error)
        ? save.error.message
        : 'The requirements could not be saved.'
      : null;
  const isLocked = !requirements.canChange;
  const isFull = draft.attachments.length >= MAX_WHOLESALE_ATTACHMENTS;

  const handlePick = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (uploaded) =>
        setDraft((current) => ({
          ...current,
          attachments: [
            ...current.attachments,
            {
              fileId: uploaded.id,
              name: uploaded.name,
              sizeBytes: uploaded.sizeBytes,
              contentType: uploaded.contentType,
              url: uploaded.url,
            },
          ],
        })),
    });
  };

  return (
    <form
      aria-label="Wholesale requirements"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const refused = localErrorsOf(draft);
        setLocalErrors(refused);
        if (refused) return;
        save.mutate(bodyOf(draft), {
          onSuccess: () =>
            notifications.show({ color: 'green', message: 'Wholesale requirements saved.' }),
        });
      }}
    >
      <fieldset disabled={isLocked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <Group align="flex-start" gap="md" grow>
            <TextInput
              label="PO number"
              value={draft.purchaseOrderNumber}
              onChange={(event) => set({ purchaseOrderNumber: event.currentTarget.value })}
              error={errors['purchaseOrderNumber']}
            />
            <TextInput
              type="date"
              label="Ship window from"
              value={draft.shipWindowStart}
              onChange={(event) => set({ shipWindowStart: event.currentTarget.value })}
              error={errors['shipWindowStart']}
            />
            <TextInput
              type="date"
              label="Ship window to"
              value={draft.shipWindowEnd}
              onChange={(event) => set({ shipWindowEnd: event.currentTarget.value })}
              error={errors['shipWindowEnd']}
            />
          </Group>
          <Group gap="lg">
            <Switch
              label="Packing slip in each carton"
              checked={draft.isPackingSlipRequired}
              onChange={(event) => set({ isPackingSlipRequired: event.currentTarget.checked })}
            />
            <Switch
              label="Carton labels"
              checked={draft.isCartonLabelRequired}
              onChange={(event) => set({ isCartonLabelRequired: event.currentTarget.checked })}
            />
            <Switch
              label="Ship on pallets"
              checked={draft.isPalletized}
              onChange={(event) => set({ isPalletized: event.currentTarget.checked })}
            />
          </Group>
          <Textarea
            label="Instructions"
            description="How the retailer wants the order packed, labelled and delivered."
            autosize
            minRows={2}
            value={draft.instructions}
            onChange={(event) => set({ instructions: event.currentTarget.value })}
            error={errors['instructions']}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Attachments
            </Text>
            <Text size="xs" c="dimmed">
              The retailer&apos;s routing guide, labels or forms: the center prints and packs them
              (up to {MAX_WHOLESALE_ATTACHMENTS}).
            </Text>
            {draft.attachments.map((attachment) => (
              <Group key={attachment.fileId} gap="xs" wrap="nowrap">
                <IconPaperclip size={14} aria-hidden />
                <Text size="sm">{attachment.name}</Text>
                <Text size="xs" c="dimmed">
                  {formatSize(attachment.sizeBytes)}
                </Text>
                {isLocked ? null : (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Remove ${attachment.name}`}
                    onClick={() =>
                      set({
                        attachments: draft.attachments.filter(
                          (one) => one.fileId !== attachment.fileId,
                        ),
                      })
                    }
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            ))}
            {isLocked ? null : (
              <Group>
                <FileButton onChange={handlePick} accept={ACCEPTED_FILES} disabled={isFull}>
                  {(props) => (
                    <Button
                      {...props}
                      size="xs"
                      variant="default"
                      loading={upload.isPending}
                      disabled={isFull}
                    >
                      Attach a file
                    </Button>
                  )}
                </FileButton>
              </Group>
            )}
            {(upload.error?.message ?? errors['attachmentFileIds']) ? (
              <Text size="xs" c="red" role="alert">
                {upload.error?.message ?? errors['attachmentFileIds']}
              </Text>
            ) : null}
          </Stack>
          {otherError ? (
            <Text size="sm" c="red" role="alert">
              {otherError}
            </Text>
          ) : null}
          {isLocked ? (
            <Text size="sm" c="dimmed">
              This order has shipped or was canceled: its requirements stay as they were.
            </Text>
          ) : (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={upload.isPending}>
                Save requirements
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
};

type WholesaleRequirementsSectionProps = {
  orderId: string;
  /** A MANUAL_WHOLESALE order (W-number): only these have requirements. */
  isWholesale: boolean;
};

/**
 * Issue 15 on /order-details (spec §7 wholesale requirements): for a wholesale order, its PO
 * number, ship window, packing slip / carton label / pallet switches, instructions and the
 * retailer's documents, saved with the server's field errors shown; for every order, a "Packing
 * slip" button that opens the slip's PDF.
 */
export const WholesaleRequirementsSection = ({
  orderId,
  isWholesale,
}: WholesaleRequirementsSectionProps) => {
  const requirements = useWholesaleRequirements(orderId, isWholesale);
  const [isSlipOpen, setIsSlipOpen] = useState(false);
  const title = isWholesale ? 'Wholesale requirements' : 'Packing slip';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h5">
            {title}
          </Title>
          <Button size="xs" variant="default" onClick={() => setIsSlipOpen(true)}>
            Packing slip
          </Button>
        </Group>
        {!isWholesale ? null : requirements.data ? (
          <RequirementsForm
            key={requirements.data.updatedAt ?? 'never-saved'}
            orderId={orderId}
            requirements={requirements.data}
          />
        ) : requirements.isError ? (
          <Text size="sm" c="red" role="alert">
            The wholesale requirements could not be loaded.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Loading the wholesale requirements…
          </Text>
        )}
      </Stack>
      <PackingSlipPreview
        orderId={orderId}
        isOpen={isSlipOpen}
        onClose={() => setIsSlipOpen(false)}
      />
    </Paper>
  );
};
