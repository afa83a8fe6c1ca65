import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { Job } from '@atelier/contract/jobs/job';
import {
  type OrderImportFile,
  type OrderImportMode,
  OrderImportResultSchema,
} from '@atelier/contract/sales/order-import';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { salesKeys } from '../api/order-queries';
import { OrderImportFileStep } from './order-import-file-step';
import { OrderImportPreview } from './order-import-preview';
import {
  describeOrderImport,
  formatOrderImportCounts,
  OrderImportSummary,
} from './order-import-summary';

/** What the page renders for the import's job: the jobs feature follows it live. */
export type OrderImportJobViewProps = {
  startedJob: Job;
  label: string;
  formatCounts: (counts: Job['counts']) => string;
  renderCompleted: (job: Job) => ReactNode;
  onEnded: (job: Job) => void;
};

type Step =
  | { name: 'choose' }
  | { name: 'preview'; file: OrderImportFile }
  | { name: 'import'; file: OrderImportFile; job: Job; mode: OrderImportMode; ended: Job | null };

const STEP_TITLES: Record<Step['name'], string> = {
  choose: 'Step 1 of 3: Choose a file',
  preview: 'Step 2 of 3: Check the preview',
  import: 'Step 3 of 3: Import',
};

const JOB_LABEL = 'Your order import';

type OrderImportDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The import's job, composed by the page (jobs belong to the jobs feature). */
  renderJob: (props: OrderImportJobViewProps) => ReactNode;
};

/**
 * Issue 11 "Import orders": choose an order file, check its preview, and import it as a job with
 * a live progress bar. The dialog may be closed while the import runs: it goes on, and opening
 * the dialog again shows it.
 */
export const OrderImportDialog = ({ opened, onClose, renderJob }: OrderImportDialogProps) => {
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  // A fresh first step each time: no refusal or half-done upload of an earlier opening.
  const [attempt, setAttempt] = useState(0);
  const isRunning = step.name === 'import' && step.ended === null;

  const startOver = () => {
    setStep({ name: 'choose' });
    setAttempt((value) => value + 1);
  };

  const handleEnded = (job: Job) => {
    setStep((current) =>
      current.name === 'import' && current.job.id === job.id ? { ...current, ended: job } : current,
    );
    // Even a failed or canceled import may have written its first batches of orders.
    void queryClient.invalidateQueries({ queryKey: salesKeys.orders() });
    if (opened) return;
    // Closed while it ran: say how it ended; the dialog shows the rest when opened again.
    const result = OrderImportResultSchema.safeParse(job.result);
    if (job.status === 'FAILED') {
      showErrorToast('Your order import failed. Open Import orders to see why.');
    } else if (job.status === 'COMPLETED' && result.success) {
      const { mode, issueCount } = result.data;
      const summary = `Your order import has finished. ${describeOrderImport(result.data)}`;
      if (mode === 'ALL_OR_NOTHING' && issueCount > 0) {
        showErrorToast(`${summary} Open Import orders to see the problems.`);
      } else {
        showSuccessToast(summary);
      }
    } else if (job.status === 'COMPLETED') {
      showSuccessToast('Your order import has finished.');
    }
  };

  const body = () => {
    switch (step.name) {
      case 'choose':
        return (
          <OrderImportFileStep
            key={attempt}
            onUploaded={(file) => setStep({ name: 'preview', file })}
          />
        );
      case 'preview':
        return (
          <OrderImportPreview
            file={step.file}
            onBack={startOver}
            onStarted={(job, mode) =>
              setStep({ name: 'import', file: step.file, job, mode, ended: null })
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
              label: JOB_LABEL,
              formatCounts: formatOrderImportCounts,
              renderCompleted: (job) => <OrderImportSummary job={job} />,
              onEnded: handleEnded,
            })}
            {isRunning ? (
              <Text size="sm" c="dimmed">
                You can close this dialog: the import goes on, and its orders show in the list once
                it is done.
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
                    {step.ended?.status === 'COMPLETED' ? 'View orders' : 'Done'}
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
      title="Import orders"
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
