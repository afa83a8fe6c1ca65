import { Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { Job } from '@atelier/contract/jobs/job';
import {
  PRODUCT_IMPORT_LAYOUT_LABELS,
  ProductImportResultSchema,
} from '@atelier/contract/sales/product-import';
import { ImportDialog, type ImportJobViewProps } from '@/components/import/import-dialog';
import { productKeys } from '../api/product-queries';
import { PRODUCT_IMPORT_UPLOAD, startProductImportOf } from '../api/product-import-queries';
import {
  describeProductImport,
  formatProductImportCounts,
  ProductImportSummary,
} from './product-import-summary';

type ProductImportDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The import's job, composed by the page (jobs belong to the jobs feature). */
  renderJob: (props: ImportJobViewProps) => ReactNode;
};

/** Every ISO 4217 code the browser knows, for the prices' currency. */
const CURRENCIES = Intl.supportedValuesOf('currency');

const describeEnded = (job: Job) => {
  const result = ProductImportResultSchema.safeParse(job.result);
  if (job.status === 'FAILED') {
    return {
      isProblem: true,
      message: 'Your product import failed. Open Import products to see why.',
    };
  }
  if (job.status === 'COMPLETED' && result.success) {
    const { mode, issueCount } = result.data;
    const summary = `Your product import has finished. ${describeProductImport(result.data)}`;
    return mode === 'ALL_OR_NOTHING' && issueCount > 0
      ? { isProblem: true, message: `${summary} Open Import products to see the problems.` }
      : { isProblem: false, message: summary };
  }
  return { isProblem: false, message: 'Your product import has finished.' };
};

/**
 * Issue 11 "Import products" on /inventory: choose Shopify's product export CSV, check its
 * preview and the prices' currency, and import it as a job with a live progress bar (the same
 * dialog as Import orders). Products are found by handle or SKU: a file imported again changes
 * nothing.
 */
export const ProductImportDialog = ({ opened, onClose, renderJob }: ProductImportDialogProps) => {
  const queryClient = useQueryClient();
  const [currencyCode, setCurrencyCode] = useState('USD');
  return (
    <ImportDialog
      opened={opened}
      onClose={onClose}
      title="Import products"
      things="products"
      target={PRODUCT_IMPORT_UPLOAD}
      formatsHint="Shopify's product export (Products → Export in Shopify's admin), or Atelier's own."
      layoutLabels={PRODUCT_IMPORT_LAYOUT_LABELS}
      settings={
        <Select
          label="Currency of the prices"
          description="Shopify's export does not say it: the prices are read in this currency."
          data={CURRENCIES}
          value={currencyCode}
          onChange={(value) => setCurrencyCode(value ?? 'USD')}
          allowDeselect={false}
          searchable
          maw={340}
        />
      }
      startImport={(file, mode) => startProductImportOf(file, mode, currencyCode)}
      jobLabel="Your product import"
      formatCounts={formatProductImportCounts}
      renderSummary={(job) => <ProductImportSummary job={job} />}
      describeEnded={describeEnded}
      // Even a failed or canceled import may have written its first batches of products.
      onEnded={() => void queryClient.invalidateQueries({ queryKey: productKeys.all })}
      doneLabel="View products"
      renderJob={renderJob}
    />
  );
};
