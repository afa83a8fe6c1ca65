import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYTICS_VIEW_KEYS,
  AnalyticsViewResultSchema,
  type AnalyticsViewKey,
  type AnalyticsViewResult,
} from '@atelier/contract/analytics/views';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { customersViews } from './customers-views';
import { predictionsOf, recordCustomersStore, recordOrder } from './customers-store.test-fixture';
import { dashboardViews } from './dashboard-views';
import { VIEW_COMPUTERS } from './registry';
import { createViewService } from './view-service';

let context: TestContext;
let store: StoreAccount;

beforeAll(async () => {
  context = await createTestApp();
  store = await registerAccount(context);
  await recordCustomersStore(context, store.storeId);
}, 60_000);
afterAll(async () => context.close());

const service = () =>
  createViewService({
    db: context.connection.db,
    clock: context.clock,
    predictive: predictionsOf(),
  });

const get = (url: string, caller: StoreAccount = store) =>
  context.app.inject({ method: 'GET', url, headers: caller.headers });

/** Every number anywhere in a result, so none is NaN or infinite. */
const numbersIn = (value: unknown): number[] => {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
};

/** The views of this part of issue 14 (customers and dashboard). */
const OWN_VIEWS = [
  ...Object.keys(customersViews),
  ...Object.keys(dashboardViews),
] as AnalyticsViewKey[];

const expectWellFormed = (result: AnalyticsViewResult) => {
  expect(AnalyticsViewResultSchema.parse(result)).toBeTruthy();
  for (const number of numbersIn(result)) expect(Number.isFinite(number)).toBe(true);
};

describe('ViewService.compute', () => {
  it('takes the main currency and time zone of the orders, and the 365 days to the last order', async () => {
    const result = await service().compute(store.storeId, 'analytics-cohorts', {});
    expect(result).toMatchObject({
      view: 'analytics-cohorts',
      title: 'Cohorts',
      currencyCode: 'EUR',
      timeZone: 'Europe/Berlin',
      // The last order is 2024-04-20 (Berlin); 2024 has a February 29.
      range: { from: '2023-04-22', to: '2024-04-20' },
      compare: null,
      computedAt: context.clock.now().toISOString(),
    });
    expect(result.definition).toMatch(/^Monthly cohorts/);
  });

  it('fills an end left out from the last order day, and a start from the end', async () => {
    const onlyTo = await service().compute(store.storeId, 'analytics-cohorts', {
      to: '2024-02-29',
    });
    expect(onlyTo.range).toEqual({ from: '2023-03-02', to: '2024-02-29' });
    const onlyFrom = await service().compute(store.storeId, 'analytics-cohorts', {
      from: '2024-01-01',
    });
    expect(onlyFrom.range).toEqual({ from: '2024-01-01', to: '2024-04-20' });
    const afterLast = await service().compute(store.storeId, 'analytics-cohorts', {
      from: '2025-01-01',
    });
    expect(afterLast.range).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(afterLast.empty).not.toBeNull();
  });

  it('gives the same answers whatever another store records', async () => {
    const query = {
      from: '2024-01-01',
      to: '2024-04-30',
      compareFrom: '2023-01-01',
      compareTo: '2023-04-30',
    };
    const computeAll = () =>
      Promise.all(OWN_VIEWS.map((view) => service().compute(store.storeId, view, query)));
    const before = await computeAll();
    const other = await registerAccount(context);
    await recordCustomersStore(context, other.storeId);
    await recordOrder(context, other.storeId, {
      customer: 'ann',
      placed: '2024-03-01T12:00',
      total: 1_000,
    });
    expect(await computeAll()).toEqual(before);
  });

  it('answers a store with no orders with today in UTC, every view empty and no NaN', async () => {
    const empty = await registerAccount(context);
    for (const view of OWN_VIEWS) {
      const result = await service().compute(empty.storeId, view, {
        compareFrom: '2020-01-01',
        compareTo: '2020-12-31',
      });
      expectWellFormed(result);
      expect(result.empty, view).not.toBeNull();
      expect(result.timeZone).toBe('UTC');
      expect(result.range.to).toBe(context.clock.now().toISOString().slice(0, 10));
      for (const one of result.figures)
        expect(one.value === null || one.value === 0, `${view} ${one.key}`).toBe(true);
    }
  });

  it('answers a store of one order, and one of one customer, without NaN', async () => {
    const oneOrder = await registerAccount(context);
    await recordOrder(context, oneOrder.storeId, {
      customer: 'ann',
      placed: '2024-01-10T12:00',
      total: 10,
    });
    const oneCustomer = await registerAccount(context);
    await recordOrder(context, oneCustomer.storeId, {
      customer: 'ben',
      placed: '2024-01-10T12:00',
      total: 10,
    });
    await recordOrder(context, oneCustomer.storeId, {
      customer: 'ben',
      placed: '2024-03-10T12:00',
      total: 30,
    });
    for (const account of [oneOrder, oneCustomer]) {
      for (const view of OWN_VIEWS) {
        const result = await service().compute(account.storeId, view, {
          compareFrom: '2023-01-01',
          compareTo: '2023-12-31',
        });
        expectWellFormed(result);
      }
      const rfm = await service().compute(account.storeId, 'analytics-rfm', {});
      expect(rfm.empty).toMatch(/one customer/i);
    }
  });
});

describe('GET /api/web/analytics/views/:view', () => {
  it('answers a view of the range against the comparison', async () => {
    const response = await get(
      '/api/web/analytics/views/analytics-cohorts?from=2024-01-01&to=2024-04-30&compareFrom=2023-01-01&compareTo=2023-04-30',
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = AnalyticsViewResultSchema.parse(response.json());
    expect(result.range).toEqual({ from: '2024-01-01', to: '2024-04-30' });
    expect(result.compare).toEqual({ from: '2023-01-01', to: '2023-04-30' });
    expect(result.figures.find((one) => one.key === 'customers')).toMatchObject({
      value: 4,
      compareValue: 1,
    });
  });

  it('shows a store only its own orders', async () => {
    const other = await registerAccount(context);
    const response = await get(
      '/api/web/analytics/views/analytics-cohorts?from=2024-01-01&to=2024-04-30',
      other,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<AnalyticsViewResult>().empty).not.toBeNull();
  });

  it.each([
    ['an end before the start', '?from=2024-02-01&to=2024-01-01', 'query.to'],
    ['a range of 100 years', '?from=1920-01-01&to=2019-12-31', 'query.to'],
    ['a comparison start without its end', '?compareFrom=2023-01-01', 'query.compareTo'],
    ['a comparison end without its start', '?compareTo=2023-01-01', 'query.compareFrom'],
    [
      'a comparison ending before it starts',
      '?compareFrom=2023-02-01&compareTo=2023-01-01',
      'query.compareTo',
    ],
    ['a day that is not a date', '?from=2024-13-01', 'query.from'],
  ])('answers 400 naming the parameter for %s', async (_, query, field) => {
    const response = await get(`/api/web/analytics/views/analytics-cohorts${query}`);
    const error = expectApiError(response, 400, { code: 'bad_request' });
    expect(fieldsOf(error)).toContain(field);
  });

  it('answers 400 naming the view for an unknown view', async () => {
    const response = await get('/api/web/analytics/views/analytics-nothing');
    const error = expectApiError(response, 400, { code: 'bad_request' });
    expect(fieldsOf(error)).toContain('params.view');
  });

  it('computes every view of the contract (none answers 404 analytics_not_built)', () => {
    expect(ANALYTICS_VIEW_KEYS.filter((view) => !VIEW_COMPUTERS[view])).toEqual([]);
  });

  it('needs a signed-in member', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/web/analytics/views/analytics-cohorts',
    });
    expect(response.statusCode).toBe(401);
  });
});
