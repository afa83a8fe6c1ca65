// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  analyticsEndpoints,
  type PredictiveModel,
} from '@atelier/contract/analytics/analytics-api';
import type { AnalyticsViewKey } from '@atelier/contract/analytics/views';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { allFeatureAccess } from '@atelier/contract/billing/entitlements';
import { validateAnalyticsSearch } from '@/features/analytics/analytics-search';
import { validateLtvSearch } from '@/features/analytics/predictive-search';
import { aViewResult } from '@/testing/analytics-factories';
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

const MODEL_PATH = '/api/web/analytics/predictive/model';

/** The demo store's lifetime value over its default range: its last year of orders. */
const ltvView = () =>
  aViewResult({
    view: 'analytics-ltv',
    title: 'Lifetime value',
    definition:
      'Average revenue per customer by months since their first purchase, per first-purchase cohort.',
    currencyCode: 'GBP',
    range: { from: '2010-12-10', to: '2011-12-09' },
    compare: null,
  });

/** The demo store's fit up to 2011-06-10, checked on the 182 days after. */
const aPredictiveModel = (overrides: Partial<PredictiveModel> = {}): PredictiveModel => ({
  calibrationEnd: '2011-06-10',
  timeUnit: 'week',
  horizonDays: 182,
  customers: 2_803,
  repeatCustomers: 1_404,
  bgnbd: {
    r: 0.736_110_652,
    alpha: 8.775_706_854,
    a: 3.065_441_631e-7,
    b: 53_196.257_426,
    logLikelihood: -13_169.426_1,
  },
  gammaGamma: {
    p: 3.041_112_59,
    q: 3.145_902_165,
    gamma: 29_051.492_397,
    logLikelihood: -16_067.43,
  },
  holdout: {
    predictedRepeatPurchases: 6_113.042_72,
    actualRepeatPurchases: 6_763,
    byFrequency: [
      { frequency: '0', customers: 1_399, predicted: 1_432.150_72, actual: 1_542 },
      { frequency: '1', customers: 585, predicted: 1_082.234_83, actual: 1_056 },
      { frequency: '7+', customers: 137, predicted: 1_326.913_98, actual: 1_734 },
    ],
  },
  empty: null,
  fittedAt: '2026-11-28T08:34:04.525Z',
  ...overrides,
});

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

const renderPage = (entry: string, viewKey: AnalyticsViewKey = 'analytics-ltv') =>
  renderAtRoute({
    path: `/${viewKey}`,
    initialEntry: entry,
    validateSearch: viewKey === 'analytics-ltv' ? validateLtvSearch : validateAnalyticsSearch,
    component: () => <AnalyticsViewPage viewKey={viewKey} />,
  });

const queryOf = (request: { query: URLSearchParams } | undefined) =>
  Object.fromEntries(request?.query ?? []);

const findSection = () => screen.findByRole('region', { name: 'Calibration and holdout' });

beforeEach(withAnalyticsPlan);

describe('AnalyticsViewPage: calibration and holdout', () => {
  it('fits up to half a year before the last order by default, and shows how good it was', async () => {
    server.use(
      handle(analyticsEndpoints.view, () => ltvView()),
      handle(analyticsEndpoints.predictiveModel, () => aPredictiveModel()),
    );
    renderPage('/analytics-ltv');
    const section = await findSection();
    await within(section).findByTestId('holdout-summary');
    // The view's range ends on the last order day: its second half is the holdout.
    expect(queryOf(requestsTo('GET', MODEL_PATH)[0])).toEqual({
      calibrationEnd: '2011-06-10',
      timeUnit: 'week',
      horizonDays: '182',
    });
    expect(within(section).getByLabelText<HTMLInputElement>('Calibration end').value).toBe(
      '2011-06-10',
    );

    expect(within(section).getByTestId('calibration-customers').textContent).toContain('2,803');
    expect(within(section).getByTestId('calibration-repeat-customers').textContent).toContain(
      '1,40450.1% had bought again by then',
    );
    expect(within(section).getByTestId('holdout-predicted').textContent).toBe(
      'Predicted repeat purchases6,113Jun 11\u2009–\u2009Dec 9, 2011',
    );
    expect(within(section).getByTestId('holdout-actual').textContent).toBe(
      'Actual repeat purchases6,763Predicted 9.6% too few',
    );
    expect(within(section).getByTestId('holdout-summary').textContent).toBe(
      'Fitted on the purchases of 2,803 customers up to Jun 10, 2011, the model predicted 6,113 ' +
        'repeat purchases in the 182 days after (Jun 11\u2009–\u2009Dec 9, 2011); customers made 6,763.',
    );

    const bgnbd = within(section).getByRole('table', { name: 'BG/NBD parameters' });
    const bgnbdRows = within(bgnbd)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].slice(0, 2).map((cell) => cell.textContent));
    expect(bgnbdRows).toEqual([
      ['r shape', '0.7361'],
      ['α scale', '8.776'],
      ['a dropout', '3.065 × 10⁻⁷'],
      ['b dropout', '53,196'],
      ['LL log-likelihood', '-13,169'],
    ]);
    expect(within(section).getByText(/An active customer buys/).textContent).toBe(
      'An active customer buys 0.084 times a week on average (r ÷ α), and after a purchase less ' +
        'than 0.01% of customers stop buying for good (a ÷ (a + b)).',
    );
    const gammaGamma = within(section).getByRole('table', { name: 'Gamma-Gamma parameters' });
    expect(within(gammaGamma).getByText('29,051')).toBeTruthy();
    expect(within(gammaGamma).getByText('-16,067')).toBeTruthy();
    expect(within(section).getByText(/purchase is worth/).textContent).toContain('GBP\u00a0411.71');

    // The chart has its data in the table beside it, exported as CSV.
    expect(
      await within(section).findByRole('img', {
        name: /Bar chart: Predicted and actual repeat purchases in the holdout/,
      }),
    ).toBeTruthy();
    const table = within(section).getByRole('table', {
      name: 'Holdout by times bought again before',
    });
    expect(within(table).getAllByRole('row')[3]?.textContent).toBe('7+1371,326.911,734');
    expect(
      within(section).getByRole('button', {
        name: 'Export Holdout by times bought again before as CSV',
      }),
    ).toHaveProperty('disabled', false);
  });

  it('exports the holdout table as CSV, named by the holdout’s days', async () => {
    server.use(
      handle(analyticsEndpoints.view, () => ltvView()),
      handle(analyticsEndpoints.predictiveModel, () => aPredictiveModel()),
    );
    const blobs: Blob[] = [];
    const createObjectUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    try {
      const { user } = renderPage('/analytics-ltv');
      const section = await findSection();
      await user.click(
        await within(section).findByRole('button', {
          name: 'Export Holdout by times bought again before as CSV',
        }),
      );
      expect(downloads).toEqual([
        'calibration-holdout-holdout-by-frequency-2011-06-11-2011-12-09.csv',
      ]);
      expect((await blobs[0]?.text())?.replace(/^\uFEFF/, '')).toBe(
        'Times bought again before,Customers,Predicted,Actual\r\n' +
          '0,1399,1432.15,1542\r\n' +
          '1,585,1082.23,1056\r\n' +
          '7+,137,1326.91,1734\r\n',
      );
    } finally {
      createObjectUrl.mockRestore();
      click.mockRestore();
    }
  });

  it('asks for the settings typed, keeps them in the address, and keeps them with a new range', async () => {
    server.use(
      handle(analyticsEndpoints.view, ({ query }) =>
        aViewResult({
          ...ltvView(),
          range: { from: query.from ?? '2010-12-10', to: query.to ?? '2011-12-09' },
        }),
      ),
      handle(analyticsEndpoints.predictiveModel, ({ query }) =>
        aPredictiveModel({
          calibrationEnd: query.calibrationEnd,
          timeUnit: query.timeUnit,
          horizonDays: query.horizonDays,
        }),
      ),
    );
    const { user, router } = renderPage('/analytics-ltv');
    const section = await findSection();
    await within(section).findByTestId('holdout-summary');

    const calibrationEnd = within(section).getByLabelText('Calibration end');
    const horizon = within(section).getByLabelText('Holdout (days)');
    await user.clear(calibrationEnd);
    await user.type(calibrationEnd, '2011-03-31');
    await user.clear(horizon);
    await user.type(horizon, '90{Enter}');
    const typed = { calibrationEnd: '2011-03-31', timeUnit: 'week', horizonDays: '90' };
    await waitFor(() => expect(queryOf(requestsTo('GET', MODEL_PATH).at(-1))).toEqual(typed));
    expect(router.state.location.search).toMatchObject({ ...typed, horizonDays: 90 });
    expect(await within(section).findByText(/in the 90 days after/)).toBeTruthy();

    await user.click(within(section).getByRole('radio', { name: 'Days' }));
    await waitFor(() =>
      expect(queryOf(requestsTo('GET', MODEL_PATH).at(-1))).toEqual({ ...typed, timeUnit: 'day' }),
    );
    await waitFor(() =>
      expect(within(section).getByText(/An active customer buys/).textContent).toContain(
        'times a day on average',
      ),
    );

    // A range of the view keeps the calibration chosen.
    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        calibrationEnd: '2011-03-31',
        timeUnit: 'day',
        horizonDays: 90,
      }),
    );
    expect(router.state.location.search).toHaveProperty('from');
  });

  it('checks the holdout typed before asking', async () => {
    server.use(
      handle(analyticsEndpoints.view, () => ltvView()),
      handle(analyticsEndpoints.predictiveModel, () => aPredictiveModel()),
    );
    const { user } = renderPage('/analytics-ltv');
    const section = await findSection();
    await within(section).findByTestId('holdout-summary');
    const horizon = within(section).getByLabelText('Holdout (days)');
    await user.clear(horizon);
    await user.type(horizon, '0');
    await user.click(within(section).getByRole('button', { name: 'Fit' }));
    expect(
      await within(section).findByText('Enter a whole number of days from 1 to 3,650.'),
    ).toBeTruthy();
    expect(horizon.getAttribute('aria-invalid')).toBe('true');
    expect(requestsTo('GET', MODEL_PATH)).toHaveLength(1);
  });

  it('shows the server’s refusal beside the field it names', async () => {
    server.use(
      handle(analyticsEndpoints.view, () => ltvView()),
      handle(analyticsEndpoints.predictiveModel, () =>
        errorResponse(400, {
          code: 'bad_request',
          message: 'The calibration end is after today.',
          reason: 'calibration_end_in_future',
          details: [{ field: 'query.calibrationEnd', message: 'Choose a day up to 2026-11-28.' }],
        }),
      ),
    );
    renderPage('/analytics-ltv?calibrationEnd=2999-01-01');
    const section = await findSection();
    const message = await within(section).findByText(
      'The calibration end is after today. Choose a day up to 2026-11-28.',
    );
    const field = within(section).getByLabelText<HTMLInputElement>('Calibration end');
    expect(field.value).toBe('2999-01-01');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(
      within(section).getByText('Change the setting marked above to fit the model.'),
    ).toBeTruthy();
    // Asked once, with the holdout of the view's range.
    expect(requestsTo('GET', MODEL_PATH).map(queryOf)).toEqual([
      { calibrationEnd: '2999-01-01', timeUnit: 'week', horizonDays: '182' },
    ]);
  });

  it('says why there is no model', async () => {
    server.use(
      handle(analyticsEndpoints.view, () => ltvView()),
      handle(analyticsEndpoints.predictiveModel, () =>
        aPredictiveModel({
          customers: 1,
          repeatCustomers: 0,
          bgnbd: null,
          gammaGamma: null,
          holdout: { predictedRepeatPurchases: 0, actualRepeatPurchases: 0, byFrequency: [] },
          empty: 'Only 1 customer purchased by 2011-06-10; the model needs at least 10.',
        }),
      ),
    );
    renderPage('/analytics-ltv');
    const section = await findSection();
    expect((await within(section).findByTestId('analytics-empty')).textContent).toContain(
      'Only 1 customer purchased by 2011-06-10; the model needs at least 10.',
    );
    expect(within(section).queryByRole('table', { name: 'BG/NBD parameters' })).toBeNull();
  });

  it('shows a failure with a retry that asks again', async () => {
    server.use(
      handle(analyticsEndpoints.view, () => ltvView()),
      handle(analyticsEndpoints.predictiveModel, () => HttpResponse.error(), { once: true }),
      handle(analyticsEndpoints.predictiveModel, () => aPredictiveModel()),
    );
    const { user } = renderPage('/analytics-ltv');
    const section = await findSection();
    const failure = await within(section).findByTestId('analytics-error');
    expect(failure.textContent).toContain('The model could not be fitted.');
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByTestId('holdout-summary')).toBeTruthy();
    expect(requestsTo('GET', MODEL_PATH)).toHaveLength(2);
  });

  it('is only on the lifetime value page', async () => {
    server.use(handle(analyticsEndpoints.view, () => aViewResult()));
    renderPage('/analytics-order', 'analytics-order');
    await screen.findByTestId('figure-revenue');
    expect(screen.queryByRole('region', { name: 'Calibration and holdout' })).toBeNull();
    expect(requestsTo('GET', MODEL_PATH)).toHaveLength(0);
  });
});

describe('AnalyticsViewPage: the dashboard’s headline figures', () => {
  it('writes large money short with the full value on hover, and links the prediction to its check', async () => {
    server.use(
      handle(analyticsEndpoints.view, () =>
        aViewResult({
          view: 'analytics',
          currencyCode: 'GBP',
          range: { from: '2010-12-10', to: '2011-12-09' },
          compare: null,
          charts: [],
          tables: [],
          figures: [
            {
              key: 'revenue',
              label: 'Revenue',
              format: 'money',
              value: 973_112_716,
              compareValue: null,
            },
            {
              key: 'aov',
              label: 'Average order value',
              format: 'money',
              value: 44_105,
              compareValue: null,
            },
            {
              key: 'predictedRevenue',
              label: 'Predicted revenue, next 12 months',
              format: 'money',
              value: 1_052_345_678,
              compareValue: null,
            },
          ],
        }),
      ),
    );
    renderPage('/analytics?from=2010-12-10&to=2011-12-09', 'analytics');
    const revenue = await screen.findByTestId('figure-revenue');
    expect(within(revenue).getByText('GBP 9.73M').getAttribute('title')).toBe(
      'GBP\u00a09,731,127.16',
    );
    const aov = screen.getByTestId('figure-aov');
    expect(within(aov).getByText('GBP 441.05').getAttribute('title')).toBeNull();

    const predicted = screen.getByTestId('figure-predictedRevenue');
    expect(within(predicted).getByText('GBP 10.5M')).toBeTruthy();
    const link = within(predicted).getByRole('link', { name: 'How good are the predictions?' });
    expect(link.getAttribute('href')).toBe(
      '/analytics-ltv?from=2010-12-10&to=2011-12-09#calibration-and-holdout',
    );
    expect(within(revenue).queryByRole('link')).toBeNull();
  });
});
