// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Job } from '@atelier/contract/jobs/job';
import {
  type ProductImportFile,
  type ProductImportResult,
  startProductImport,
  uploadProductImportFile,
} from '@atelier/contract/sales/product-import';
import type { ImportJobViewProps } from '@/components/import/import-dialog';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { productKeys } from '../api/product-queries';
import { ProductImportDialog } from './product-import-dialog';

const { requestsTo } = startMockServer();

const aPreview = (overrides: Partial<ProductImportFile> = {}): ProductImportFile => ({
  id: 'pif_1',
  fileName: 'products_export_1.csv',
  sizeBytes: 4_096,
  layout: 'shopify-products',
  columns: [
    { header: 'Handle', field: 'handle' },
    { header: 'Title', field: 'title' },
    { header: 'Variant SKU', field: 'sku' },
    { header: 'Gift Card', field: null },
  ],
  sampleRows: [
    ['linen-apron', 'Linen apron', 'APR-LIN-SAGE-SM', 'false'],
    ['linen-apron', '', 'APR-LIN-SAGE-LX', ''],
  ],
  issues: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const aCompletedJob = (result: ProductImportResult): Job => ({
  id: 'job_1',
  storeId: 'sto_1',
  kind: 'sales.product-import',
  status: 'COMPLETED',
  progress: 100,
  message: 'Imported',
  counts: { products: result.products, updated: result.updatedProducts },
  error: null,
  result,
  attempts: 1,
  createdAt: '2026-03-01T10:00:01.000Z',
  startedAt: '2026-03-01T10:00:01.000Z',
  endedAt: '2026-03-01T10:00:03.000Z',
  updatedAt: '2026-03-01T10:00:03.000Z',
});

/** The page's job view, reduced to what the dialog hands it (the jobs feature follows it live). */
const JobViewStub = ({ startedJob, renderCompleted, onEnded }: ImportJobViewProps) => {
  const isReported = useRef(false);
  useEffect(() => {
    if (isReported.current || startedJob.status !== 'COMPLETED') return;
    isReported.current = true;
    onEnded(startedJob);
  }, [startedJob, onEnded]);
  return startedJob.status === 'COMPLETED' ? renderCompleted(startedJob) : null;
};

const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input.');
  return input;
};

const aCsvFile = () =>
  new File(['Handle,Title\nlinen-apron,Linen apron\n'], 'products_export_1.csv', {
    type: 'text/csv',
  });

const renderDialog = () =>
  render(
    <ProductImportDialog
      opened
      onClose={() => undefined}
      renderJob={(props) => <JobViewStub {...props} />}
    />,
  );

describe('ProductImportDialog', () => {
  it('previews a Shopify product export and imports it in the chosen currency and mode', async () => {
    const result: ProductImportResult = {
      layout: 'shopify-products',
      mode: 'VALID_ROWS',
      currencyCode: 'EUR',
      rows: 8,
      products: 2,
      updatedProducts: 1,
      unchangedProducts: 4,
      variants: 7,
      issueCount: 1,
      issues: [
        {
          row: 8,
          field: 'Variant SKU',
          message: 'Another product of this store (“Enamel mug”) has this SKU.',
        },
      ],
    };
    server.use(
      handle(uploadProductImportFile, () => aPreview()),
      handle(startProductImport, () => aCompletedJob(result)),
    );
    const { user, queryClient } = renderDialog();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(screen.getByText('Drop your product file here')).toBeTruthy();
    await user.upload(fileInput(), aCsvFile());

    expect(await screen.findByText('Shopify products export')).toBeTruthy();
    const columns = screen.getByRole('table', { name: 'Columns of the file' });
    expect(within(within(columns).getByRole('row', { name: /Variant SKU/ })).getByText('sku'));
    expect(
      within(within(columns).getByRole('row', { name: /Gift Card/ })).getByText('Not imported'),
    ).toBeTruthy();

    const currency = screen.getByRole('combobox', { name: 'Currency of the prices' });
    expect(currency).toHaveProperty('value', 'USD');
    await user.click(currency);
    await user.clear(currency);
    await user.type(currency, 'EUR');
    await user.click(await screen.findByRole('option', { name: 'EUR', hidden: true }));
    await user.click(
      screen.getByRole('radio', { name: 'Import the valid rows, skip the products with problems' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import products' }));

    expect(await screen.findByText('2 products added, 1 updated.')).toBeTruthy();
    expect(requestsTo('POST', startProductImport.path)[0]?.body).toEqual({
      fileId: 'pif_1',
      mode: 'VALID_ROWS',
      currencyCode: 'EUR',
    });
    expect(screen.getByText('1 row was skipped, with the products they belong to.')).toBeTruthy();
    expect(screen.getByText('Prices were read in EUR.')).toBeTruthy();
    const issues = screen.getByRole('table', { name: 'Problems found in the file' });
    const row = within(issues).getByRole('row', { name: /Enamel mug/ });
    expect(within(row).getByRole('cell', { name: '8' })).toBeTruthy();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: productKeys.all }));
    expect(screen.getByRole('button', { name: 'View products' })).toBeTruthy();
  });

  it('says when a file changes nothing, and when it is not a product file', async () => {
    server.use(
      handle(uploadProductImportFile, () =>
        aPreview({
          layout: null,
          columns: [{ header: 'Name', field: null }],
          sampleRows: [],
          issues: [
            {
              row: 1,
              field: 'header',
              message:
                "Not a product file this import reads: the header needs Shopify's product CSV columns Handle, Title and Variant Price.",
            },
          ],
        }),
      ),
    );
    const { user } = renderDialog();
    await user.upload(fileInput(), aCsvFile());
    expect(await screen.findByText("This file's format is not recognised")).toBeTruthy();
    expect(screen.getByText(/Not a product file this import reads/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Currency of the prices' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Import products' })).toHaveProperty(
      'disabled',
      true,
    );

    server.use(
      handle(uploadProductImportFile, () => aPreview()),
      handle(startProductImport, () =>
        aCompletedJob({
          layout: 'shopify-products',
          mode: 'ALL_OR_NOTHING',
          currencyCode: 'USD',
          rows: 8,
          products: 0,
          updatedProducts: 0,
          unchangedProducts: 3,
          variants: 0,
          issueCount: 0,
          issues: [],
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Choose another file' }));
    await user.upload(fileInput(), aCsvFile());
    await user.click(await screen.findByRole('button', { name: 'Import products' }));
    expect(
      await screen.findByText('Your products already are as this file says: nothing changed.'),
    ).toBeTruthy();
  });
});
