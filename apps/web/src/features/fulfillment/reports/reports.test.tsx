// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  feeEndpoints as api,
  type FulfillmentMetrics,
  type MetricsFigures,
} from '@atelier/contract/fulfillment/fees';
import type { Job } from '@atelier/contract/jobs/job';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { FulfillmentMetricsView } from './fulfillment-metrics-view';
import { ReportStartForm } from './report-start-form';
import { LowStockThresholdForm, StockSummary } from './stock-summary';

const { requestsTo } = startMockServer();

const aJob = (overrides: Partial<Job> = {}): Job => ({
  id: 'job_report1',
  storeId: 'sto_1',
  kind: 'fulfillment.report',
  status: 'QUEUED',
  progress: 0,
  message: 'Waiting to start',
  counts: {},
  error: null,
  result: null,
  attempts: 0,
  createdAt: '2026-11-28T10:00:00.000Z',
  startedAt: null,
  endedAt: null,
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

const figures = (overrides: Partial<MetricsFigures> = {}): MetricsFigures => ({
  ordersShipped: 4,
  shippedOnTime: 3,
  onTimeRate: 0.75,
  averageHoursToShip: 20.5,
  shipments: 5,
  recreated: 1,
  accuracy: 0.8,
  costPerOrderCents: 912,
  ...overrides,
});

describe('ReportStartForm', () => {
  it('starts the chosen report for the period and shows its job', async () => {
    server.use(handle(api.startReport, () => aJob()));
    const { user } = render(
      <ReportStartForm
        renderJob={({ startedJob, label }) => (
          <p role="status">
            {label}: {startedJob.id}
          </p>
        )}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Report' }));
    await user.click(
      await screen.findByRole('option', {
        name: 'Financial report (fees by month and kind)',
        hidden: true,
      }),
    );
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-10-31');
    await user.click(screen.getByRole('button', { name: 'Start report' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Financial report 2026-10-01 to 2026-10-31: job_report1',
    );
    expect(requestsTo('POST', api.startReport.path)[0]?.body).toEqual({
      report: 'financial',
      format: 'csv',
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });

  it('refuses a period that ends before it starts, and shows the server’s field error', async () => {
    const { user } = render(<ReportStartForm renderJob={() => null} />);
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-10-10');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Start report' }));
    expect(await screen.findByText('The last day is before the first.')).toBeTruthy();
    expect(requestsTo('POST', api.startReport.path)).toHaveLength(0);

    server.use(
      handle(api.startReport, () =>
        errorResponse(400, {
          code: 'bad_request',
          message: 'to: A period is at most 366 days.',
          details: [{ field: 'body.to', message: 'A period is at most 366 days.' }],
        }),
      ),
    );
    await user.clear(to);
    await user.type(to, '2026-10-20');
    await user.click(screen.getByRole('button', { name: 'Start report' }));
    expect(await screen.findByText('A period is at most 366 days.')).toBeTruthy();
  });
});

describe('FulfillmentMetricsView', () => {
  it('shows the period’s figures and a row per week', async () => {
    const metrics: FulfillmentMetrics = {
      from: '2026-11-01',
      to: '2026-11-28',
      currencyCode: 'USD',
      totals: figures(),
      weeks: [
        { weekStart: '2026-11-16', ...figures({ ordersShipped: 1, costPerOrderCents: 800 }) },
        { weekStart: '2026-11-23', ...figures({ ordersShipped: 3 }) },
      ],
    };
    server.use(handle(api.metrics, () => metrics));
    render(<FulfillmentMetricsView />);
    expect(await screen.findByLabelText('Shipped on time: 75 %')).toBeTruthy();
    expect(screen.getByLabelText('Average time to ship: 20.5 h')).toBeTruthy();
    expect(screen.getByLabelText('Accuracy: 80 %')).toBeTruthy();
    expect(screen.getByLabelText('Cost per order: $9.12')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Fulfillment metrics by week' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      '2026-11-16',
      '2026-11-23',
    ]);
    expect(within(rows[0]!).getAllByRole('cell')[5]!.textContent).toBe('$8.00');
  });

  it('says so when nothing shipped in the period', async () => {
    server.use(
      handle(api.metrics, ({ query }) => ({
        ...query,
        currencyCode: 'USD',
        totals: figures({
          ordersShipped: 0,
          shippedOnTime: 0,
          onTimeRate: null,
          averageHoursToShip: null,
          shipments: 0,
          recreated: 0,
          accuracy: null,
          costPerOrderCents: null,
        }),
        weeks: [],
      })),
    );
    render(<FulfillmentMetricsView />);
    expect(await screen.findByText('No orders shipped in this period')).toBeTruthy();
  });
});

describe('stock counts and low-stock threshold', () => {
  it('shows the counts per state', async () => {
    server.use(
      handle(api.inventoryCounts, () => ({ inStock: 7, low: 2, outOfStock: 1, total: 10 })),
    );
    render(<StockSummary />);
    const counts = await screen.findByLabelText('Stock counts');
    expect(counts.textContent).toBe('7 in stock2 low1 out of stock');
    expect(screen.getByRole('button', { name: 'Export stock CSV' })).toBeTruthy();
  });

  it('saves a variant’s threshold', async () => {
    server.use(
      handle(api.getLowStock, ({ params }) => ({
        variantId: params.variantId,
        threshold: null,
        effectiveThreshold: 5,
        isAlerted: false,
      })),
      handle(api.setLowStock, ({ params, body }) => ({
        variantId: params.variantId,
        threshold: body.threshold,
        effectiveThreshold: body.threshold ?? 5,
        isAlerted: true,
      })),
      handle(api.inventoryCounts, () => ({ inStock: 0, low: 1, outOfStock: 0, total: 1 })),
    );
    const { user } = render(<LowStockThresholdForm variantId="var_blue" />);
    const input = await screen.findByRole('textbox', { name: /Low-stock alert at/ });
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        requestsTo('PUT', '/api/web/fulfillment/inventory/var_blue/low-stock')[0]?.body,
      ).toEqual({ threshold: 12 }),
    );
    expect(await screen.findByText('Low: the alert was sent.')).toBeTruthy();
  });
});
