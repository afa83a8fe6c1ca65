import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import {
  IMPORT_FILE_EXTENSIONS,
  IMPORT_FILE_TYPE_MESSAGE,
  importFileTooLargeMessage,
  isImportFileName,
  type ImportUploadTarget,
  useImportFileUpload,
} from '@/lib/import-upload';

type ImportFileStepProps<T> = {
  target: ImportUploadTarget<T>;
  /** What files it reads, in words ("Atelier order lines, a Shopify orders export, …"). */
  formatsHint: string;
  onUploaded: (file: T) => void;
};

/**
 * Step 1 of an import (orders, products): drop or choose a .csv or .txt file (plain, .gz or
 * .br), uploaded at once with its progress. The file's name decides its type: browsers know no
 * type for `.csv.br`.
 */
export const ImportFileStep = <T,>({ target, formatsHint, onUploaded }: ImportFileStepProps<T>) => {
  const openRef = useRef<() => void>(null);
  const upload = useImportFileUpload(target);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const { cancel } = upload;
  const noun = target.noun.toLowerCase();

  // Leaving the step (closing the dialog) stops an upload under way.
  useEffect(() => cancel, [cancel]);

  const handleDrop = (files: File[]) => {
    const [file] = files;
    if (!file) return;
    setRefusal(null);
    setFileName(file.name);
    upload.mutate(file, { onSuccess: onUploaded });
  };

  /** Why the dropzone turned a file down, in the words the server would use. */
  const handleReject = (rejections: FileRejection[]) => {
    upload.reset();
    const code = rejections[0]?.errors[0]?.code;
    setRefusal(
      rejections.length > 1
        ? 'Choose one file at a time.'
        : code === 'file-too-large'
          ? importFileTooLargeMessage(target)
          : IMPORT_FILE_TYPE_MESSAGE,
    );
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
        maxSize={target.maxBytes}
        // The name decides, not the type: `accept` only narrows the file picker's list.
        validator={(file) =>
          isImportFileName(file.name)
            ? null
            : { code: 'file-invalid-type', message: IMPORT_FILE_TYPE_MESSAGE }
        }
        inputProps={{
          accept: IMPORT_FILE_EXTENSIONS.join(','),
          'aria-label': `${target.noun} file`,
        }}
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
          <Text fw={600}>Drop your {noun} file here</Text>
          <Text size="sm" c="dimmed" maw={440}>
            A .csv or .txt file (or one compressed as .gz or .br) of up to{' '}
            {target.maxBytes / (1024 * 1024)} MB: {formatsHint}
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
