import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';
import type { CustomProject } from '@atelier/contract/sourcing/custom-project';
import { queryRows } from '@/db/client';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { DEMO_ORDER_HISTORY_JOB_KIND } from '@/modules/sales';
import { demoProjectTitleOf } from './demo-store';
import { DEMO_ACCOUNT, DEMO_SUPPLIER_ACCOUNT, queueDemoOrderHistory, seedPlatform } from './seed';

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
      clock: context.clock,
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

  it('puts the demo store on Scaling through billing: the test card and a trial, once', async () => {
    await seed();
    await seed();
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/web/auth/login',
      payload: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const billing = await context.app.inject({ method: 'GET', url: '/api/web/billing', headers });
    expect(billing.json()).toMatchObject({
      planType: 'TIER_2_5',
      subscription: { planType: 'TIER_2_5', status: 'TRIALING', interval: 'MONTH' },
      upcomingInvoice: { amountDue: 9900, currencyCode: 'USD' },
    });
    const cards = await context.app.inject({
      method: 'GET',
      url: '/api/web/billing/payment-methods',
      headers,
    });
    expect(cards.json().items).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true }),
    ]);
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

  /** GET `url` as the demo store, expecting 200. */
  const getAsDemoStore = async <T>(url: string): Promise<T> => {
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/web/auth/login',
      payload: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const response = await context.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  const countRows = async (table: string) =>
    (
      await queryRows<{ n: number }>(
        context.connection.db,
        sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
      )
    )[0]!.n;

  it("queues the demo store's real order history as one background job, and never a second", async () => {
    await seed();
    const log = pino({ level: 'silent' });
    const queued = await queueDemoOrderHistory(context, context.connection.db, log);
    expect(queued).toMatch(/^job_/);
    // While it runs, a second start queues nothing new.
    expect(await queueDemoOrderHistory(context, context.connection.db, log)).toBe(queued);
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/web/auth/login',
      payload: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const jobs = (
      await context.app.inject({
        method: 'GET',
        url: `/api/jobs?kind=${DEMO_ORDER_HISTORY_JOB_KIND}`,
        headers,
      })
    ).json<{ items: { id: string; status: string; message: string | null }[] }>().items;
    expect(jobs).toHaveLength(1);
    expect(['QUEUED', 'RUNNING']).toContain(jobs[0]!.status);
    // The 541,909 lines are not imported here: the job is canceled (the import stops on it).
    const canceled = await context.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobs[0]!.id}/cancel`,
      headers,
    });
    expect(canceled.json<{ status: string }>().status).toBe('CANCELED');
  });

  it('gives the demo store a conversation, favourites and a custom project, once and silently', async () => {
    await seed();
    const supplierId = context.catalog.demoSupplierCompanyId();

    const inbox = await getAsDemoStore<{ items: ConversationSummary[]; unreadTotal: number }>(
      '/api/web/conversations',
    );
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]).toMatchObject({ supplierId, unreadCount: 1 });
    expect(inbox.unreadTotal).toBe(1);
    const history = await getAsDemoStore<{ items: Message[] }>(
      `/api/web/conversations/${inbox.items[0]!.sid}/messages`,
    );
    const authors = history.items.map((message) => message.author);
    expect(new Set(authors).size).toBe(2);
    expect(authors.at(-1)).toBe(`customer_${supplierId}`);
    expect(history.items.map((message) => message.payload.type)).toEqual(
      expect.arrayContaining(['TEXT', 'CATALOG_ITEM', 'CREATOR_CUSTOM_PROJECT']),
    );
    const card = history.items.find((message) => message.payload.type === 'CATALOG_ITEM')!.payload;
    const cardItem = card.type === 'CATALOG_ITEM' ? card : undefined;
    const times = history.items.map((message) => Date.parse(message.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)).toBeLessThan(context.clock.now().getTime());

    const favorites = await getAsDemoStore<{
      companies: { id: string }[];
      items: { id: string; company: { id: string } }[];
    }>('/api/web/favorites');
    expect(favorites.companies.map((company) => company.id)).toContain(supplierId);
    // The item the store showed the supplier is one of the supplier's own, and a favourite.
    expect(favorites.items).toContainEqual(
      expect.objectContaining({
        id: cardItem?.itemId,
        company: expect.objectContaining({ id: supplierId }),
      }),
    );
    expect(favorites.items.length).toBeGreaterThanOrEqual(2);
    const favoriteCount = favorites.companies.length + favorites.items.length;
    expect(favoriteCount).toBeGreaterThanOrEqual(5);
    expect(favoriteCount).toBeLessThanOrEqual(10);

    const projects = await getAsDemoStore<{ items: CustomProject[] }>(
      '/api/web/project-management',
    );
    expect(projects.items).toHaveLength(1);
    expect(projects.items[0]).toMatchObject({
      title: demoProjectTitleOf(cardItem),
      status: 'SUBMITTED',
      companyId: supplierId,
    });

    // Seeded history is not news: nothing is pushed live or e-mailed about it.
    expect(await countRows(`outbox_events WHERE type LIKE 'chat.%'`)).toBe(0);
    expect(await countRows(`notification_outbox WHERE kind = 'chat.unread'`)).toBe(0);

    const tables = ['conversations', 'chat_messages', 'catalog_favorites', 'custom_projects'];
    const before = await Promise.all(tables.map(countRows));
    await seed();
    expect(await Promise.all(tables.map(countRows))).toEqual(before);
  });
});
