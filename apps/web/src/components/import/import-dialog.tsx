import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { Job } from '@atelier/contract/jobs/job';
import type { OrderImportMode as ImportMode } from '@atelier/contract/sales/order-import';
import { isApiError } from '@/lib/api-error';
import type { ImportUploadTarget } from '@/lib/import-upload';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { ImportFileStep } from './import-file-step';
import { type ImportFilePreview, ImportPreview } from './import-preview';

/** What the page renders for the import's job: the jobs feature follows it live. */
export type ImportJobViewProps = {
  startedJob: Job;
  label: string;
  formatCounts: (counts: Job['counts']) => string;
  renderCompleted: (job: Job) => ReactNode;
  onEnded: (job: Job) => void;
};

type Step<F> =
  | { name: 'choose' }
  | { name: 'preview'; file: F }
  | { name: 'import'; file: F; job: Job; mode: ImportMode; ended: Job | null };

const STEP_TITLES: Record<Step<unknown>['name'], string> = {
  choose: 'Step 1 of 3: Choose a file',
  preview: 'Step 2 of 3: Check the preview',
  import: 'Step 3 of 3: Import',
};

export type ImportDialogProps<F extends ImportFilePreview> = {
  opened: boolean;
  onClose: () => void;
  /** "Import orders": the dialog's title and its import button. */
  title: string;
  /** What a file holds, in the plural ("orders"). */
  things: string;
  target: ImportUploadTarget<F>;
  /** What files it reads, in words. */
  formatsHint: string;
  layoutLabels: Readonly<Record<string, string>>;
  /** Settings of this kind of import, shown in the preview (a product import's currency). */
  settings?: ReactNode;
  /** Starts the file's import (the server's job); rejects with the server's refusal. */
  startImport: (file: F, mode: ImportMode) => Promise<Job>;
  /** "Your order import": how the job is named while it runs. */
  jobLabel: string;
  formatCounts: (counts: Job['counts']) => string;
  /** A completed import's summary. */
  renderSummary: (job: Job) => ReactNode;
  /** What a toast says of an import that ended while the dialog was closed. */
  describeEnded: (job: Job) => { isProblem: boolean; message: string };
  /** Called when the job ends (even a failed import may have written its first batches). */
  onEnded: (job: Job) => void;
  /** The last button once the import completed ("View orders"). */
  doneLabel: string;
  /** The import's job, composed by the page (jobs belong to the jobs feature). */
  renderJob: (props: ImportJobViewProps) => ReactNode;
};

/**
 * Issue 11 imports (orders, products): choose a file, check its preview, and import it as a job
 * with a live progress bar. The dialog may be closed while the import runs: it goes on, a toast
 * says how it ended, and opening the dialog again shows it.
 */
export const ImportDialog = <F extends ImportFilePreview>({
  opened,
  onClose,
  title,
  things,
  target,
  formatsHint,
  layoutLabels,
  settings,
  startImport,
  jobLabel,
  formatCounts,
  renderSummary,
  describeEnded,
  onEnded,
  doneLabel,
  renderJob,
}: ImportDialogProps<F>) => {
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const [step, setStep] = useState<Step<F>>({ name: 'choose' });
  // A fresh first step each time: no refusal or half-done upload of an earlier opening.
  const [attempt, setAttempt] = useState(0);
  const isRunning = step.name === 'import' && step.ended === null;
  const start = useMutation({
    mutationFn: ({ file, mode }: { file: F; mode: ImportMode }) => startImport(file, mode),
  });

  const startOver = () => {
    start.reset();
    setStep({ name: 'choose' });
    setAttempt((value) => value + 1);
  };

  const handleEnded = (job: Job) => {
    setStep((current) =>
      current.name === 'import' && current.job.id === job.id ? { ...current, ended: job } : current,
    );
    onEnded(job);
    if (opened) return;
    // Closed while it ran: say how it ended; the dialog shows the rest when opened again.
    const { isProblem, message } = describeEnded(job);
    if (isProblem) showErrorToast(message);
    else showSuccessToast(message);
  };

  const body = () => {
    switch (step.name) {
      case 'choose':
        return (
          <ImportFileStep
            key={attempt}
            target={target}
            formatsHint={formatsHint}
            onUploaded={(file) => setStep({ name: 'preview', file })}
          />
        );
      case 'preview':
        return (
          <ImportPreview
            file={step.file}
            layoutLabels={layoutLabels}
            things={things}
            importLabel={title}
            settings={settings}
            isStarting={start.isPending}
            startError={
              start.isError
                ? isApiError(start.error)
                  ? start.error.message
                  : 'Try again in a moment.'
                : null
            }
            onBack={startOver}
            onStart={(mode) =>
              start.mutate(
                { file: step.file, mode },
                {
                  onSuccess: (job) =>
                    setStep({ name: 'import', file: step.file, job, mode, ended: null }),
                },
              )
            }
          />
        );
      case 'import':
        return (
          <Stack gap="md">
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
              {step.file.fileName} ·{' '}
              {step.mode === 'ALL_OR_NOTHING' ? 'all or nothing' : 'the valid rows'}
            </Text>
            {renderJob({
              startedJob: step.job,
              label: jobLabel,
              formatCounts,
              renderCompleted: renderSummary,
              onEnded: handleEnded,
            })}
            {isRunning ? (
              <Text size="sm" c="dimmed">
                You can close this dialog: the import goes on, and its {things} show in the list
                once it is done.
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              {isRunning ? (
                <Button variant="default" onClick={onClose}>
                  Close
                </Button>
              ) : (
                <>
                  <Button variant="default" onClick={startOver}>
                    Import another file
                  </Button>
                  <Button onClick={onClose}>
                    {step.ended?.status === 'COMPLETED' ? doneLabel : 'Done'}
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        );
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      // Stays mounted while closed, so a running import is still followed (and the list
      // refreshed when it ends); its state is dropped once closed unless an import runs.
      keepMounted
      keepMountedMode="display-none"
      onExitTransitionEnd={() => {
        if (!isRunning) startOver();
      }}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="xl"
      fullScreen={isPhone}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {STEP_TITLES[step.name]}
        </Text>
        {body()}
      </Stack>
    </Modal>
  );
};
