import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomProject,
  deleteCustomProject,
  getCustomProject,
  listCustomProjects,
  updateCustomProject,
  type CustomProject,
} from '@atelier/contract/sourcing/custom-project';
import { newId } from '@/lib/ids';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { createCatalogFactories, type CatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let factories: CatalogFactories;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  context = await createTestApp();
  factories = createCatalogFactories(context.connection.db);
  alice = await registerAccount(context);
  bob = await registerAccount(context);
});
afterAll(async () => context.close());

/** The clock stands one second before midnight UTC, the hardest moment for "after today". */
const TODAY = '2026-03-10';
const TOMORROW = '2026-03-11';
const atLateToday = () => context.clock.set(new Date(`${TODAY}T23:59:59.000Z`));

const aCompleteProject = (overrides: Record<string, unknown> = {}) => ({
  title: 'Heavyweight boxy tee',
  material: '240 gsm cotton jersey',
  printDetail: 'Two-colour screen print on the chest',
  quantity: 500,
  completionDate: TOMORROW,
  ...overrides,
});

const create = (account: Account, payload: Record<string, unknown>) =>
  context.app.inject({
    method: 'POST',
    url: createCustomProject.path,
    headers: account.headers,
    payload,
  });

const update = (account: Account, id: string, payload: Record<string, unknown>) =>
  context.app.inject({
    method: 'PUT',
    url: updateCustomProject.path.replace(':id', id),
    headers: account.headers,
    payload,
  });

const get = (account: Account, id: string) =>
  context.app.inject({
    method: 'GET',
    url: getCustomProject.path.replace(':id', id),
    headers: account.headers,
  });

const remove = (account: Account, id: string) =>
  context.app.inject({
    method: 'DELETE',
    url: deleteCustomProject.path.replace(':id', id),
    headers: account.headers,
  });

const list = async (account: Account, query = '') => {
  const response = await context.app.inject({
    method: 'GET',
    url: `${listCustomProjects.path}${query}`,
    headers: account.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: CustomProject[] }>().items;
};

const aDraft = async (
  account: Account,
  payload: Record<string, unknown> = { title: 'Draft tee' },
) => {
  const response = await create(account, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CustomProject>();
};

describe('POST /api/web/project-management', () => {
  it('creates a draft with any subset of fields', async () => {
    context.clock.set(new Date('2026-03-10T09:00:00.000Z'));
    const draft = await aDraft(alice, { title: 'Just a title' });
    expect(draft).toMatchObject({
      status: 'DRAFT',
      step: 'BASICS',
      title: 'Just a title',
      material: null,
      quantity: null,
      completionDate: null,
      companyId: null,
      companyName: null,
      submittedAt: null,
      createdAt: '2026-03-10T09:00:00.000Z',
    });
    expect(draft.id).toMatch(/^rfp_/);
  });

  it('submits at once when complete, addressed to an existing supplier', async () => {
    atLateToday();
    const supplier = await factories.aSupplier({ name: 'Hangzhou Knit Works' });
    const response = await create(alice, {
      ...aCompleteProject({ companyId: supplier.id }),
      status: 'SUBMITTED',
      step: 'REVIEW',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<CustomProject>()).toMatchObject({
      status: 'SUBMITTED',
      step: 'REVIEW',
      companyId: supplier.id,
      companyName: 'Hangzhou Knit Works',
      completionDate: TOMORROW,
      submittedAt: context.clock.now().toISOString(),
    });
  });

  it('refuses a completion date of today (by the clock) with 422, and accepts tomorrow', async () => {
    atLateToday();
    const today = await create(alice, {
      ...aCompleteProject({ completionDate: TODAY }),
      status: 'SUBMITTED',
    });
    const error = expectApiError(today, 422, {
      code: 'unprocessable',
      reason: 'project_incomplete',
    });
    expect(fieldsOf(error)).toEqual(['body.completionDate']);
    const tomorrow = await create(alice, {
      ...aCompleteProject({ completionDate: TOMORROW }),
      status: 'SUBMITTED',
    });
    expect(tomorrow.statusCode, tomorrow.body).toBe(201);
    // A minute later it is the 11th: tomorrow has become today.
    context.clock.advance(60_000);
    const nextDay = await create(alice, {
      ...aCompleteProject({ completionDate: TOMORROW }),
      status: 'SUBMITTED',
    });
    expectApiError(nextDay, 422, { code: 'unprocessable', reason: 'project_incomplete' });
  });

  it('names every missing field when submitting an incomplete project', async () => {
    atLateToday();
    const response = await create(alice, { title: '  ', quantity: 20, status: 'SUBMITTED' });
    const error = expectApiError(response, 422, {
      code: 'unprocessable',
      reason: 'project_incomplete',
    });
    expect(fieldsOf(error)).toEqual([
      'body.title',
      'body.material',
      'body.printDetail',
      'body.completionDate',
    ]);
    expect(await list(alice, '?status=SUBMITTED')).not.toContainEqual(
      expect.objectContaining({ quantity: 20 }),
    );
  });

  it('answers 404 company_not_found for a supplier that does not exist', async () => {
    const response = await create(alice, { title: 'For nobody', companyId: newId('cmp') });
    const error = expectApiError(response, 404, { code: 'not_found', reason: 'company_not_found' });
    expect(fieldsOf(error)).toEqual(['body.companyId']);
  });

  it('refuses bad values with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 0 }, 'body.quantity'],
      [{ quantity: 1.5 }, 'body.quantity'],
      [{ quantity: 10_000_001 }, 'body.quantity'],
      [{ completionDate: '2026-02-30' }, 'body.completionDate'],
      [{ completionDate: '0000-01-01' }, 'body.completionDate'],
      [{ completionDate: '10/03/2026' }, 'body.completionDate'],
      [{ title: 'x'.repeat(201) }, 'body.title'],
      [{ printDetail: 'a\u0000b' }, 'body.printDetail'],
      [{ companyId: 'itm_abc' }, 'body.companyId'],
      [{ step: 'PAYMENT' }, 'body.step'],
      [{ status: 'AWARDED' }, 'body.status'],
    ];
    for (const [payload, field] of cases) {
      const error = expectApiError(await create(alice, payload), 400, { code: 'bad_request' });
      expect(fieldsOf(error)).toContain(field);
    }
  });
});

describe('PUT /api/web/project-management/:id', () => {
  it('saves step by step, keeping absent fields and clearing blank ones', async () => {
    atLateToday();
    const draft = await aDraft(alice, { title: 'Step tee', material: 'Linen' });
    const saved = await update(alice, draft.id, {
      step: 'DETAILS',
      printDetail: 'Embroidered logo',
      material: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CustomProject>()).toMatchObject({
      status: 'DRAFT',
      step: 'DETAILS',
      title: 'Step tee',
      material: null,
      printDetail: 'Embroidered logo',
    });
    const submitted = await update(alice, draft.id, {
      ...aCompleteProject({ title: undefined }),
      step: 'REVIEW',
      status: 'SUBMITTED',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<CustomProject>()).toMatchObject({
      status: 'SUBMITTED',
      title: 'Step tee',
      submittedAt: context.clock.now().toISOString(),
    });
  });

  it('refuses to submit an incomplete draft (422) and leaves it a draft', async () => {
    atLateToday();
    const draft = await aDraft(alice, { title: 'Half done', quantity: 50 });
    const response = await update(alice, draft.id, { status: 'SUBMITTED', completionDate: TODAY });
    const error = expectApiError(response, 422, {
      code: 'unprocessable',
      reason: 'project_incomplete',
    });
    expect(fieldsOf(error)).toEqual(['body.material', 'body.printDetail', 'body.completionDate']);
    expect((await get(alice, draft.id)).json<CustomProject>()).toMatchObject({
      status: 'DRAFT',
      completionDate: null,
    });
  });

  it('refuses any change once submitted (409 project_submitted)', async () => {
    atLateToday();
    const project = (
      await create(alice, { ...aCompleteProject(), status: 'SUBMITTED' })
    ).json<CustomProject>();
    expectApiError(await update(alice, project.id, { title: 'Changed' }), 409, {
      code: 'conflict',
      reason: 'project_submitted',
    });
    expectApiError(
      await update(alice, project.id, { ...aCompleteProject(), status: 'SUBMITTED' }),
      409,
      {
        code: 'conflict',
        reason: 'project_submitted',
      },
    );
    expect((await get(alice, project.id)).json<CustomProject>().title).toBe('Heavyweight boxy tee');
  });

  it('checks a newly named supplier and can clear it', async () => {
    const supplier = await factories.aSupplier({ name: 'Porto Denim' });
    const draft = await aDraft(alice);
    expectApiError(await update(alice, draft.id, { companyId: newId('cmp') }), 404, {
      code: 'not_found',
      reason: 'company_not_found',
    });
    const named = await update(alice, draft.id, { companyId: supplier.id });
    expect(named.json<CustomProject>()).toMatchObject({
      companyId: supplier.id,
      companyName: 'Porto Denim',
    });
    const cleared = await update(alice, draft.id, { companyId: null });
    expect(cleared.json<CustomProject>()).toMatchObject({ companyId: null, companyName: null });
  });
});

describe('custom projects between stores', () => {
  it("keeps a store's projects invisible and untouchable to other stores (404)", async () => {
    atLateToday();
    const draft = await aDraft(alice, { title: 'Secret tee' });
    for (const response of [
      await get(bob, draft.id),
      await update(bob, draft.id, { title: 'Hijacked' }),
      await update(bob, draft.id, { ...aCompleteProject(), status: 'SUBMITTED' }),
      await remove(bob, draft.id),
    ]) {
      expectApiError(response, 404, { code: 'not_found', reason: 'project_not_found' });
    }
    expect((await list(bob)).map((project) => project.id)).not.toContain(draft.id);
    expect((await get(alice, draft.id)).json<CustomProject>()).toMatchObject({
      title: 'Secret tee',
      status: 'DRAFT',
    });
  });
});

describe('GET /api/web/project-management', () => {
  it("lists the store's projects newest first, filtered by status", async () => {
    const carol = await registerAccount(context);
    atLateToday();
    const first = await aDraft(carol, { title: 'First' });
    context.clock.advance(1000);
    const second = (
      await create(carol, {
        ...aCompleteProject({ completionDate: '2026-04-01' }),
        status: 'SUBMITTED',
      })
    ).json<CustomProject>();
    context.clock.advance(1000);
    const third = await aDraft(carol, { title: 'Third' });
    expect((await list(carol)).map((project) => project.id)).toEqual([
      third.id,
      second.id,
      first.id,
    ]);
    expect((await list(carol, '?status=DRAFT')).map((project) => project.id)).toEqual([
      third.id,
      first.id,
    ]);
    expect((await list(carol, '?status=SUBMITTED')).map((project) => project.id)).toEqual([
      second.id,
    ]);
    expectApiError(
      await context.app.inject({
        method: 'GET',
        url: `${listCustomProjects.path}?status=OPEN`,
        headers: carol.headers,
      }),
      400,
      { code: 'bad_request' },
    );
  });
});

describe('DELETE /api/web/project-management/:id', () => {
  it('deletes a draft, and refuses a submitted project (409) or an unknown one (404)', async () => {
    atLateToday();
    const draft = await aDraft(alice);
    const deleted = await remove(alice, draft.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expectApiError(await get(alice, draft.id), 404, { code: 'not_found' });
    expectApiError(await remove(alice, draft.id), 404, {
      code: 'not_found',
      reason: 'project_not_found',
    });
    const submitted = (
      await create(alice, { ...aCompleteProject(), status: 'SUBMITTED' })
    ).json<CustomProject>();
    expectApiError(await remove(alice, submitted.id), 409, {
      code: 'conflict',
      reason: 'project_submitted',
    });
  });
});
