import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { MAX_ORDER_IMPORT_BYTES, type OrderImportFile } from '@atelier/contract/sales/order-import';
import { isApiError } from '@/lib/api-error';
import {
  isOrderFileName,
  ORDER_FILE_EXTENSIONS,
  ORDER_FILE_TOO_LARGE_MESSAGE,
  ORDER_FILE_TYPE_MESSAGE,
  useUploadOrderImportFile,
} from '../api/order-import-queries';

type OrderImportFileStepProps = {
  onUploaded: (file: OrderImportFile) => void;
};

/** Why the dropzone turned a file down, in the words the server would use. */
const rejectionMessage = (rejections: FileRejection[]): string => {
  if (rejections.length > 1) return 'Choose one file at a time.';
  const code = rejections[0]?.errors[0]?.code;
  if (code === 'file-too-large') return ORDER_FILE_TOO_LARGE_MESSAGE;
  return ORDER_FILE_TYPE_MESSAGE;
};

/**
 * Step 1 of the order import: drop or choose a .csv, .csv.gz or .csv.br file, uploaded at once
 * with its progress. The file's name decides its type: browsers know no type for `.csv.br`.
 */
export const OrderImportFileStep = ({ onUploaded }: OrderImportFileStepProps) => {
  const openRef = useRef<() => void>(null);
  const upload = useUploadOrderImportFile();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const { cancel } = upload;

  // Leaving the step (closing the dialog) stops an upload under way.
  useEffect(() => cancel, [cancel]);

  const handleDrop = (files: File[]) => {
    const [file] = files;
    if (!file) return;
    setRefusal(null);
    setFileName(file.name);
    upload.mutate(file, { onSuccess: onUploaded });
  };

  const handleReject = (rejections: FileRejection[]) => {
    upload.reset();
    setRefusal(rejectionMessage(rejections));
  };

  const uploadError = upload.error && isApiError(upload.error) ? upload.error.message : null;
  const error =
    refusal ?? (upload.isError ? (uploadError ?? 'The file could not be uploaded.') : null);
  const percent = Math.round(upload.progress * 100);

  return (
    <Stack gap="md">
      <Dropzone
        openRef={openRef}
        onDrop={handleDrop}
        onReject={handleReject}
        multiple={false}
        maxSize={MAX_ORDER_IMPORT_BYTES}
        // The name decides, not the type: `accept` only narrows the file picker's list.
        validator={(file) =>
          isOrderFileName(file.name)
            ? null
            : { code: 'file-invalid-type', message: ORDER_FILE_TYPE_MESSAGE }
        }
        inputProps={{ accept: ORDER_FILE_EXTENSIONS.join(','), 'aria-label': 'Order file' }}
        // The "Choose file" button is the keyboard's way in; the zone is for the mouse.
        activateOnKeyboard={false}
        disabled={upload.isPending}
        radius="md"
        p="lg"
      >
        <Stack align="center" gap={6} mih={140} justify="center" ta="center">
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.5} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={40} stroke={1.5} aria-hidden />
          </Dropzone.Idle>
          <Text fw={600}>Drop your order file here</Text>
          <Text size="sm" c="dimmed" maw={420}>
            A .csv, .csv.gz or .csv.br file of up to {MAX_ORDER_IMPORT_BYTES / (1024 * 1024)} MB:
            Atelier order lines, a Shopify or WooCommerce orders export, or the UCI Online Retail
            file.
          </Text>
        </Stack>
      </Dropzone>

      {upload.isPending ? (
        <Stack gap={6} role="status" aria-live="polite">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" truncate>
              Uploading {fileName}
            </Text>
            <Text size="sm" fw={600} aria-hidden>
              {percent}%
            </Text>
          </Group>
          <Progress value={percent} size="md" aria-label={`Upload of ${fileName}: ${percent}%`} />
          <Group justify="flex-end">
            <Button size="xs" variant="subtle" color="red" onClick={upload.cancel}>
              Cancel upload
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="center">
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => openRef.current?.()}
            data-autofocus
          >
            Choose file
          </Button>
        </Group>
      )}

      {error ? (
        <Alert color="red" title="This file cannot be imported" role="alert">
          <Text size="sm">{error}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
};
