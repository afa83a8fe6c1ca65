// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Job } from '@atelier/contract/jobs/job';
import {
  type OrderImportFile,
  type OrderImportResult,
  startOrderImport,
  uploadOrderImportFile,
} from '@atelier/contract/sales/order-import';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { salesKeys } from '../api/order-queries';
import { OrderImportDialog, type OrderImportJobViewProps } from './order-import-dialog';

const { requestsTo } = startMockServer();

const aPreview = (overrides: Partial<OrderImportFile> = {}): OrderImportFile => ({
  id: 'oif_1',
  fileName: 'orders_export.csv',
  sizeBytes: 2_048,
  layout: 'shopify-orders',
  columns: [
    { header: 'Name', field: 'orderId' },
    { header: 'Created at', field: 'placedAt' },
    { header: 'Lineitem quantity', field: 'quantity' },
    { header: 'Vendor', field: null },
  ],
  sampleRows: [
    ['#1001', '2025-03-02 14:05:11 -0500', '2', 'Atelier'],
    ['#1002', '2025-03-03 09:12:40 -0500', '1', 'Atelier'],
  ],
  issues: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const aJob = (overrides: Partial<Job> = {}): Job => ({
  id: 'job_1',
  storeId: 'sto_1',
  kind: 'sales.order-import',
  status: 'QUEUED',
  progress: 0,
  message: null,
  counts: {},
  error: null,
  result: null,
  attempts: 0,
  createdAt: '2026-03-01T10:00:01.000Z',
  startedAt: null,
  endedAt: null,
  updatedAt: '2026-03-01T10:00:01.000Z',
  ...overrides,
});

const aCsvFile = (name = 'orders_export.csv') =>
  new File(['Name,Created at\n#1001,2025-03-02\n'], name, { type: 'text/csv' });

/**
 * The page's job view, reduced to what the dialog hands it: the jobs feature (which follows
 * the job live) is composed by the page, and a feature's test cannot import another feature.
 */
const JobViewStub = ({ startedJob, label, renderCompleted, onEnded }: OrderImportJobViewProps) => {
  const isReported = useRef(false);
  useEffect(() => {
    if (isReported.current || startedJob.status !== 'COMPLETED') return;
    isReported.current = true;
    onEnded(startedJob);
  }, [startedJob, onEnded]);
  return startedJob.status === 'COMPLETED' ? (
    renderCompleted(startedJob)
  ) : (
    <p>
      {label}: {startedJob.progress}%
    </p>
  );
};

const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input.');
  return input;
};

const renderDialog = () =>
  render(
    <OrderImportDialog
      opened
      onClose={() => undefined}
      renderJob={(props) => <JobViewStub {...props} />}
    />,
  );

describe('OrderImportDialog', () => {
  it('uploads the file and shows its format, how each column is read and the first rows', async () => {
    server.use(handle(uploadOrderImportFile, () => aPreview()));
    const { user } = renderDialog();
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeTruthy();

    await user.upload(fileInput(), aCsvFile());

    expect(await screen.findByText('Shopify orders export')).toBeTruthy();
    expect(requestsTo('POST', uploadOrderImportFile.path)).toHaveLength(1);
    const columns = screen.getByRole('table', { name: 'Columns of the file' });
    const nameRow = within(columns).getByRole('row', { name: /Name/ });
    expect(within(nameRow).getByText('orderId')).toBeTruthy();
    const vendorRow = within(columns).getByRole('row', { name: /Vendor/ });
    expect(within(vendorRow).getByText('Not imported')).toBeTruthy();
    const rows = screen.getByRole('table', { name: 'First rows of the file' });
    expect(within(rows).getByText('#1002')).toBeTruthy();
    expect(
      screen.getByRole('radio', {
        name: 'All or nothing: import nothing if any row has a problem',
      }),
    ).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Import orders' })).toHaveProperty('disabled', false);
  });

  it('says why a header of no known format cannot be imported, on row 1', async () => {
    server.use(
      handle(uploadOrderImportFile, () =>
        aPreview({
          layout: null,
          columns: [{ header: 'Name;Created at', field: null }],
          sampleRows: [],
          issues: [
            {
              row: 1,
              field: 'header',
              message: 'The header fits no order format; the columns look separated by ";".',
            },
          ],
        }),
      ),
    );
    const { user } = renderDialog();
    await user.upload(fileInput(), aCsvFile());

    expect(await screen.findByText("This file's format is not recognised")).toBeTruthy();
    const issues = screen.getByRole('table', { name: 'Problems found in the preview' });
    const issue = within(issues).getByRole('row', { name: /columns look separated/ });
    expect(within(issue).getByRole('cell', { name: '1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import orders' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('radiogroup')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(await screen.findByRole('button', { name: 'Choose file' })).toBeTruthy();
  });

  it("shows the server's refusal of a file in the dialog", async () => {
    server.use(
      handle(uploadOrderImportFile, () =>
        errorResponse(413, {
          code: 'payload_too_large',
          reason: 'file_too_large',
          message: 'Order files can be at most 100 MB; compress a larger one as .csv.gz.',
        }),
      ),
    );
    const { user } = renderDialog();
    await user.upload(fileInput(), aCsvFile());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This file cannot be imported')).toBeTruthy();
    expect(within(alert).getByText(/at most 100 MB/)).toBeTruthy();
  });

  it('refuses a file of another type before sending it', async () => {
    render(<OrderImportDialog opened onClose={() => undefined} renderJob={() => null} />);
    // The picker lists only order files; a drop can still bring any file.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), new File(['x'], 'orders.xlsx'));

    expect(
      await screen.findByText('Choose a .csv or .txt file (plain, or compressed as .gz or .br).'),
    ).toBeTruthy();
    expect(requestsTo('POST', uploadOrderImportFile.path)).toHaveLength(0);
  });

  it('imports in the chosen mode and lists the problems of a completed import', async () => {
    const result: OrderImportResult = {
      layout: 'shopify-orders',
      mode: 'VALID_ROWS',
      rows: 40,
      orders: 12,
      customers: 4,
      skippedOrders: 3,
      refunds: 1,
      unmatchedRefunds: 0,
      issueCount: 2,
      issues: [
        { row: 7, field: 'Total', message: 'The total is not the lines plus shipping and tax.' },
        { row: 19, field: 'Created at', message: 'Not a date.' },
      ],
    };
    server.use(
      handle(uploadOrderImportFile, () => aPreview()),
      handle(startOrderImport, () =>
        aJob({ status: 'COMPLETED', progress: 100, counts: { orders: 12, refunds: 1 }, result }),
      ),
    );
    const { user, queryClient } = renderDialog();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.upload(fileInput(), aCsvFile());
    await user.click(
      await screen.findByRole('radio', {
        name: 'Import the valid rows, skip the orders with problems',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Import orders' }));

    expect(await screen.findByText('12 orders imported.')).toBeTruthy();
    expect(requestsTo('POST', startOrderImport.path)[0]?.body).toEqual({
      fileId: 'oif_1',
      mode: 'VALID_ROWS',
    });
    expect(screen.getByText('2 rows were skipped, with the orders they belong to.')).toBeTruthy();
    expect(screen.getByText('Already imported, skipped')).toBeTruthy();
    expect(within(screen.getByText('New customers').parentElement!).getByText('4')).toBeTruthy();
    const issues = screen.getByRole('table', { name: 'Problems found in the file' });
    const totalRow = within(issues).getByRole('row', { name: /lines plus shipping/ });
    expect(within(totalRow).getByRole('cell', { name: '7' })).toBeTruthy();
    expect(within(totalRow).getByRole('cell', { name: 'Total' })).toBeTruthy();
    expect(within(issues).getByRole('row', { name: /Not a date/ })).toBeTruthy();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: salesKeys.orders() }));
    expect(await screen.findByRole('button', { name: 'View orders' })).toBeTruthy();
  });

  it('says nothing was imported when all or nothing met a problem', async () => {
    server.use(
      handle(uploadOrderImportFile, () => aPreview()),
      handle(startOrderImport, () =>
        aJob({
          status: 'COMPLETED',
          progress: 100,
          result: {
            layout: 'shopify-orders',
            mode: 'ALL_OR_NOTHING',
            rows: 40,
            orders: 0,
            customers: 0,
            skippedOrders: 0,
            refunds: 0,
            unmatchedRefunds: 0,
            issueCount: 130,
            issues: Array.from({ length: 100 }, (_, index) => ({
              row: index + 2,
              field: 'Lineitem price',
              message: 'Not an amount.',
            })),
          },
        }),
      ),
    );
    const { user } = renderDialog();
    await user.upload(fileInput(), aCsvFile());
    await user.click(await screen.findByRole('button', { name: 'Import orders' }));

    expect(await screen.findByText('Nothing was imported: 130 rows have problems.')).toBeTruthy();
    expect(screen.getAllByText('Not an amount.')).toHaveLength(100);
    expect(screen.getByText('And 30 more problems not listed.')).toBeTruthy();
  });
});
