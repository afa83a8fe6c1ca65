// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsEndpoints } from '@atelier/contract/analytics/analytics-api';
import type { AnalyticsRangeQuery, AnalyticsViewKey } from '@atelier/contract/analytics/views';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { allFeatureAccess } from '@atelier/contract/billing/entitlements';
import { lastDays, previousPeriodOf, todayIn } from '@/features/analytics/analytics-range';
import { validateAnalyticsSearch } from '@/features/analytics/analytics-search';
import { aShare, aViewResult } from '@/testing/analytics-factories';
import { aBillingOverview } from '@/testing/billing-overview-factories';
import { errorResponse, handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { AnalyticsViewPage } from './analytics-pages';

// ECharts draws nothing in happy-dom; the option it gets is tested in echarts-option.test.ts.
vi.mock('@/features/analytics/components/echarts-canvas', () => ({
  EChartsCanvas: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const { requestsTo } = startMockServer();

const VIEW_PATH = '/api/web/analytics/views/analytics-order';
const RANGE = '?from=2025-01-01&to=2025-03-31&compareFrom=2024-10-03&compareTo=2024-12-31';

const withAnalyticsPlan = () =>
  server.use(
    handle(billingEndpoints.overview, () =>
      aBillingOverview({
        features: allFeatureAccess({
          planType: 'TIER_2_5',
          activeModules: [],
          paidFeaturesUsable: true,
        }),
      }),
    ),
  );

const renderView = (
  entry = `/analytics-order${RANGE}`,
  viewKey: AnalyticsViewKey = 'analytics-order',
) =>
  renderAtRoute({
    path: `/${viewKey}`,
    initialEntry: entry,
    validateSearch: validateAnalyticsSearch,
    component: () => <AnalyticsViewPage viewKey={viewKey} />,
  });

const queryOf = (request: { query: URLSearchParams } | undefined) =>
  Object.fromEntries(request?.query ?? []);

/** The view over the range it was asked for (the server's default: Jan–Mar 2025). */
const echoRange = (query: AnalyticsRangeQuery) =>
  aViewResult({
    range: { from: query.from ?? '2025-01-01', to: query.to ?? '2025-03-31' },
    compare:
      query.compareFrom && query.compareTo
        ? { from: query.compareFrom, to: query.compareTo }
        : null,
  });

beforeEach(withAnalyticsPlan);

describe('AnalyticsViewPage', () => {
  it('asks for the range in the address and shows the figures against the comparison', async () => {
    server.use(handle(analyticsEndpoints.view, () => aViewResult()));
    renderView();
    expect(await screen.findByRole('heading', { name: 'Orders overview' })).toBeTruthy();
    expect(
      screen.getByText('Orders, revenue, average order value and refunds in the range.'),
    ).toBeTruthy();

    const revenue = await screen.findByTestId('figure-revenue');
    expect(revenue.textContent).toContain('$1,250.00');
    expect(within(revenue).getByTestId('figure-change').textContent).toBe('+25%');
    expect(revenue.textContent).toContain('vs $1,000.00');
    expect(screen.getByTestId('figure-orders').textContent).toContain('−20%');
    expect(screen.getByTestId('figure-repeatRate').textContent).toContain('+5 pts');
    expect(queryOf(requestsTo('GET', VIEW_PATH)[0])).toEqual({
      from: '2025-01-01',
      to: '2025-03-31',
      compareFrom: '2024-10-03',
      compareTo: '2024-12-31',
    });
    expect(screen.getByLabelText<HTMLInputElement>(/^From/).value).toBe('2025-01-01');
    expect(screen.getByRole('radio', { name: 'Previous period' })).toHaveProperty('checked', true);
    // The chart has an accessible name, and its table is beside it.
    expect(await screen.findByRole('img', { name: /Bar chart: Revenue by month/ })).toBeTruthy();
    const months = screen.getByRole('table', { name: 'Months' });
    expect(within(months).getAllByRole('row')[1]?.textContent).toBe('Jan 202512$400.0032%');
  });

  it('asks for the server’s default range when the address has none, then shows it', async () => {
    server.use(handle(analyticsEndpoints.view, () => aViewResult({ compare: null })));
    renderView('/analytics-order');
    await screen.findByTestId('figure-revenue');
    expect(queryOf(requestsTo('GET', VIEW_PATH)[0])).toEqual({});
    expect(screen.getByLabelText<HTMLInputElement>(/^To/).value).toBe('2025-03-31');
    expect(screen.getByTestId('figure-revenue').textContent).not.toContain('vs');
  });

  it('puts a preset and the previous period in the address, and asks for them', async () => {
    server.use(handle(analyticsEndpoints.view, ({ query }) => echoRange(query)));
    const { user, router } = renderView('/analytics-order?from=2025-01-01&to=2025-03-31');
    await screen.findByTestId('figure-revenue');
    expect(screen.getByRole('radio', { name: 'No comparison' })).toHaveProperty('checked', true);

    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    const last90 = lastDays(90, todayIn('UTC'));
    await waitFor(() => expect(queryOf(requestsTo('GET', VIEW_PATH).at(-1))).toEqual(last90));
    expect(router.state.location.search).toMatchObject(last90);

    await user.click(screen.getByRole('radio', { name: 'Previous period' }));
    const withPrevious = {
      ...last90,
      compareFrom: previousPeriodOf(last90).from,
      compareTo: previousPeriodOf(last90).to,
    };
    await waitFor(() => expect(queryOf(requestsTo('GET', VIEW_PATH).at(-1))).toEqual(withPrevious));
    expect(router.state.location.search).toMatchObject(withPrevious);
    expect(await screen.findByText('vs $1,000.00')).toBeTruthy();
  });

  it('applies typed dates with Enter, and refuses an end before the start', async () => {
    server.use(handle(analyticsEndpoints.view, ({ query }) => echoRange(query)));
    const { user, router } = renderView('/analytics-order?from=2025-01-01&to=2025-03-31');
    await screen.findByTestId('figure-revenue');
    const from = screen.getByLabelText(/^From/);
    const to = screen.getByLabelText(/^To/);

    await user.clear(to);
    await user.type(to, '2024-12-01{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('The end is before the start.');
    expect(requestsTo('GET', VIEW_PATH)).toHaveLength(1);

    await user.clear(from);
    await user.type(from, '2024-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ from: '2024-11-01', to: '2024-12-01' }),
    );
    await waitFor(() =>
      expect(queryOf(requestsTo('GET', VIEW_PATH).at(-1))).toEqual({
        from: '2024-11-01',
        to: '2024-12-01',
      }),
    );
  });

  it('exports a table as CSV, formula-safe', async () => {
    server.use(handle(analyticsEndpoints.view, () => aViewResult()));
    const blobs: Blob[] = [];
    const createObjectUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const downloads: string[] = [];
    click.mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    try {
      const { user } = renderView();
      await user.click(await screen.findByRole('button', { name: 'Export Discount codes as CSV' }));
      expect(downloads).toEqual(['analytics-order-codes-2025-01-01-2025-03-31.csv']);
      const text = await blobs[0]?.text();
      expect(text?.replace(/^\uFEFF/, '')).toBe(
        'Code,Discount given (USD)\r\n' +
          '"SPRING, ""10""",12.5\r\n' +
          `"'=HYPERLINK(""http://evil"")",0\r\n` +
          "'-5 OFF,-3\r\n",
      );
    } finally {
      createObjectUrl.mockRestore();
      click.mockRestore();
    }
  });

  it('shows the server’s reason when there is nothing to show', async () => {
    server.use(
      handle(analyticsEndpoints.view, () =>
        aViewResult({
          empty: 'The store has no orders in this range.',
          figures: [],
          charts: [],
          tables: [],
        }),
      ),
    );
    renderView();
    expect((await screen.findByTestId('analytics-empty')).textContent).toContain(
      'The store has no orders in this range.',
    );
  });

  it('says a view not built yet is not built, not that it failed', async () => {
    server.use(
      handle(analyticsEndpoints.view, () =>
        errorResponse(404, {
          code: 'not_found',
          message: 'This view is not built yet.',
          reason: 'analytics_not_built',
        }),
      ),
    );
    renderView();
    expect(await screen.findByText('This view is not built yet.')).toBeTruthy();
    expect(screen.queryByTestId('analytics-error')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows a failure with a retry that asks again', async () => {
    server.use(
      handle(analyticsEndpoints.view, () => HttpResponse.error(), { once: true }),
      handle(analyticsEndpoints.view, () => aViewResult()),
    );
    const { user } = renderView();
    const failure = await screen.findByTestId('analytics-error');
    expect(failure.textContent).toContain('This view could not be computed.');
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('figure-revenue')).toBeTruthy();
    expect(requestsTo('GET', VIEW_PATH)).toHaveLength(2);
  });

  it('shares the range shown, shows the link to copy, and stops sharing it', async () => {
    server.use(
      handle(analyticsEndpoints.view, () => aViewResult()),
      handle(analyticsEndpoints.createShare, ({ body }) =>
        aShare({
          id: 'shr_new',
          path: '/share-report/shr_new',
          range: { from: body.from ?? '', to: body.to ?? '' },
        }),
      ),
      handle(analyticsEndpoints.listShares, () => ({
        items: [
          aShare({ id: 'shr_old', path: '/share-report/shr_old' }),
          aShare({
            id: 'shr_other_view',
            view: 'analytics-rfm',
            path: '/share-report/shr_other_view',
          }),
          aShare({ id: 'shr_revoked', revokedAt: '2025-04-02T00:00:00.000Z' }),
        ],
      })),
      handle(analyticsEndpoints.revokeShare, ({ params }) =>
        aShare({ id: params.id, revokedAt: '2025-04-03T00:00:00.000Z' }),
      ),
    );
    const { user } = renderView();
    await screen.findByTestId('figure-revenue');
    await user.click(screen.getByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share this view' });
    const link = await within(dialog).findByDisplayValue(
      'http://localhost:3000/share-report/shr_new',
    );
    expect(link).toBeTruthy();
    expect(requestsTo('POST', '/api/web/analytics/shares')[0]?.body).toEqual({
      view: 'analytics-order',
      from: '2025-01-01',
      to: '2025-03-31',
      compareFrom: '2024-10-03',
      compareTo: '2024-12-31',
    });
    const created = within(dialog).getByTestId('share-shr_new');
    expect(within(created).getByRole('button', { name: 'Copy the link' })).toBeTruthy();
    // The view's other live link is listed; another view's and a revoked one are not.
    expect(await within(dialog).findByTestId('share-shr_old')).toBeTruthy();
    expect(within(dialog).queryByTestId('share-shr_other_view')).toBeNull();
    expect(within(dialog).queryByTestId('share-shr_revoked')).toBeNull();

    await user.click(within(created).getByRole('button', { name: 'Stop sharing' }));
    expect(await within(created).findByText(/No longer shared/)).toBeTruthy();
    expect(requestsTo('DELETE', '/api/web/analytics/shares/shr_new')).toHaveLength(1);
    expect(within(created).queryByRole('button', { name: 'Copy the link' })).toBeNull();
  });

  it('asks what customers bought next after the product chosen, keeps it in the address and shares it', async () => {
    const FOLLOW_UPS_PATH = '/api/web/analytics/views/product-follow-up-purchases';
    const followUpsAfter = (product: string) =>
      aViewResult({
        view: 'product-follow-up-purchases',
        title: 'Follow-up purchases',
        compare: null,
        product,
        figures: [],
        charts: [],
        tables: [
          {
            key: 'products',
            title: 'Purchases with the product',
            columns: [{ key: 'product', label: 'Product', format: 'text' }],
            rows: [{ product: 'Candle' }, { product: 'Mug' }],
          },
          {
            key: 'follow-ups',
            title: `What the next purchase held after ${product}`,
            columns: [{ key: 'next', label: 'In the next purchase', format: 'text' }],
            rows: [{ next: product === 'Mug' ? 'Saucer' : 'Wick' }],
          },
        ],
      });
    server.use(
      handle(analyticsEndpoints.view, ({ query }) => followUpsAfter(query.product ?? 'Candle')),
      handle(analyticsEndpoints.createShare, () => aShare({ id: 'shr_mug' })),
      handle(analyticsEndpoints.listShares, () => ({ items: [] })),
    );
    const { user, router } = renderView(
      '/product-follow-up-purchases?from=2025-01-01&to=2025-03-31',
      'product-follow-up-purchases',
    );
    const picker = await screen.findByRole('combobox', {
      name: /What customers bought next after/,
    });
    expect((picker as HTMLInputElement).value).toBe('Candle');
    expect(
      screen.getByRole('table', { name: 'What the next purchase held after Candle' }),
    ).toBeTruthy();

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Mug', hidden: true }));
    expect(
      await screen.findByRole('table', { name: 'What the next purchase held after Mug' }),
    ).toBeTruthy();
    expect(queryOf(requestsTo('GET', FOLLOW_UPS_PATH).at(-1))).toEqual({
      from: '2025-01-01',
      to: '2025-03-31',
      product: 'Mug',
    });
    expect(router.state.location.search).toMatchObject({ product: 'Mug' });

    // A new range keeps the product.
    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() =>
      expect(queryOf(requestsTo('GET', FOLLOW_UPS_PATH).at(-1))).toEqual({
        ...lastDays(90, todayIn('UTC')),
        product: 'Mug',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(requestsTo('POST', '/api/web/analytics/shares')).toHaveLength(1));
    expect(requestsTo('POST', '/api/web/analytics/shares')[0]?.body).toMatchObject({
      view: 'product-follow-up-purchases',
      product: 'Mug',
    });
  });

  it('shows the dashboard’s figures with sparklines and a link to every view by category', async () => {
    server.use(
      handle(analyticsEndpoints.view, () =>
        aViewResult({
          view: 'analytics',
          charts: [],
          tables: [],
          figures: [
            {
              key: 'revenue',
              label: 'Revenue',
              format: 'money',
              value: 125_000,
              compareValue: 100_000,
              sparkline: [10, 20, null, 30],
            },
          ],
        }),
      ),
    );
    renderView('/analytics', 'analytics');
    expect(await screen.findByRole('heading', { name: 'Analytics dashboards' })).toBeTruthy();
    const revenue = await screen.findByTestId('figure-revenue');
    expect(within(revenue).getByTestId('sparkline')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Analytics views' });
    for (const category of ['Customers', 'Orders', 'Products', 'Marketing']) {
      expect(within(nav).getByRole('heading', { name: category })).toBeTruthy();
    }
    expect(within(nav).getByRole('link', { name: 'Cohorts' }).getAttribute('href')).toBe(
      '/analytics-cohorts',
    );
    expect(within(nav).getAllByRole('link')).toHaveLength(39);
  });
});
