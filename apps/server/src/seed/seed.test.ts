import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { DEMO_ACCOUNT, DEMO_SUPPLIER_ACCOUNT, seedPlatform } from './seed';

describe('seedPlatform', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => context.close());

  const seed = () =>
    seedPlatform(context, context.connection.db, {
      seedDemo: true,
      log: pino({ level: 'silent' }),
    });

  it('loads the real countries, states and category tree, and a second run adds nothing', async () => {
    await seed();
    await seed();
    const countries = await context.app.inject({ method: 'GET', url: '/api/commons/countries' });
    const items = countries.json<{ items: { code: string; regionCode: string | null }[] }>().items;
    expect(items).toHaveLength(250);
    expect(items.find((country) => country.code === 'CN')?.regionCode).toBe('AS');
    expect(items.find((country) => country.code === 'IT')?.regionCode).toBe('EU');
    expect(items.find((country) => country.code === 'BR')?.regionCode).toBe('SA');
    expect(items.find((country) => country.code === 'AU')?.regionCode).toBe('OA');

    const states = await context.app.inject({
      method: 'GET',
      url: '/api/commons/countries/us/states',
    });
    const stateNames = states.json<{ items: { name: string; code: string }[] }>().items;
    expect(stateNames.find((state) => state.code === 'CA')?.name).toBe('California');

    const categories = await context.app.inject({
      method: 'GET',
      url: '/api/web/catalog-categories',
    });
    const body = categories.json<{
      total: number;
      items: { id: number; level: number; vertical: string; group: string | null }[];
    }>();
    expect(body.total).toBe(1562);
    const shirts = body.items.find((category) => category.id === 212);
    expect(shirts).toMatchObject({
      level: 3,
      vertical: 'Apparel & Accessories',
      group: 'Clothing',
    });
  });

  it('creates the documented demo account once, which can log in', async () => {
    await seed();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/web/auth/login',
      payload: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().currentUser.store).toMatchObject({
      title: DEMO_ACCOUNT.storeTitle,
      planType: 'TIER_2_5',
    });
  });

  it('creates the documented demo supplier once, who can log in to the partner routes', async () => {
    await seed();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/partner/auth/login',
      payload: { email: DEMO_SUPPLIER_ACCOUNT.email, password: DEMO_SUPPLIER_ACCOUNT.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().currentSupplier.company).toMatchObject({
      id: context.catalog.demoSupplierCompanyId(),
    });
    expect(response.json().currentSupplier.company.name.length).toBeGreaterThan(0);
  });
});
