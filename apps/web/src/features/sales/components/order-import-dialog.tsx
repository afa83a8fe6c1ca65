import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Job } from '@atelier/contract/jobs/job';
import {
  ORDER_IMPORT_LAYOUT_LABELS,
  OrderImportResultSchema,
} from '@atelier/contract/sales/order-import';
import { ImportDialog, type ImportJobViewProps } from '@/components/import/import-dialog';
import { ORDER_IMPORT_UPLOAD, startOrderImportOf } from '../api/order-import-queries';
import { salesKeys } from '../api/order-queries';
import {
  describeOrderImport,
  formatOrderImportCounts,
  OrderImportSummary,
} from './order-import-summary';

/** What the page renders for the import's job: the jobs feature follows it live. */
export type OrderImportJobViewProps = ImportJobViewProps;

type OrderImportDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The import's job, composed by the page (jobs belong to the jobs feature). */
  renderJob: (props: OrderImportJobViewProps) => ReactNode;
};

/** How an order import that ended while the dialog was closed is told in a toast. */
const describeEnded = (job: Job) => {
  const result = OrderImportResultSchema.safeParse(job.result);
  if (job.status === 'FAILED') {
    return { isProblem: true, message: 'Your order import failed. Open Import orders to see why.' };
  }
  if (job.status === 'COMPLETED' && result.success) {
    const { mode, issueCount } = result.data;
    const summary = `Your order import has finished. ${describeOrderImport(result.data)}`;
    return mode === 'ALL_OR_NOTHING' && issueCount > 0
      ? { isProblem: true, message: `${summary} Open Import orders to see the problems.` }
      : { isProblem: false, message: summary };
  }
  return { isProblem: false, message: 'Your order import has finished.' };
};

/**
 * Issue 11 "Import orders": choose an order file (Atelier's order lines, a Shopify or WooCommerce
 * orders export, the UCI or CDNOW history), check its preview, and import it as a job with a
 * live progress bar (the shared import dialog).
 */
export const OrderImportDialog = ({ opened, onClose, renderJob }: OrderImportDialogProps) => {
  const queryClient = useQueryClient();
  return (
    <ImportDialog
      opened={opened}
      onClose={onClose}
      title="Import orders"
      things="orders"
      target={ORDER_IMPORT_UPLOAD}
      formatsHint="Atelier order lines, a Shopify or WooCommerce orders export, the UCI Online Retail file or the CDNOW history."
      layoutLabels={ORDER_IMPORT_LAYOUT_LABELS}
      startImport={startOrderImportOf}
      jobLabel="Your order import"
      formatCounts={formatOrderImportCounts}
      renderSummary={(job) => <OrderImportSummary job={job} />}
      describeEnded={describeEnded}
      // Even a failed or canceled import may have written its first batches of orders.
      onEnded={() => void queryClient.invalidateQueries({ queryKey: salesKeys.orders() })}
      doneLabel="View orders"
      renderJob={renderJob}
    />
  );
};
