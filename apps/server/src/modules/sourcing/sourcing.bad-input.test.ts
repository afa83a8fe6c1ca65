import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  createCustomProject,
  deleteCustomProject,
  getCustomProject,
  listCustomProjects,
  updateCustomProject,
  type CustomProject,
} from '@atelier/contract/sourcing/custom-project';
import {
  createSupplierInvite,
  listSupplierInvites,
} from '@atelier/contract/sourcing/supplier-invite';
import { sweepRoute, type SweepRoute } from '@/testing/bad-input';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

let context: TestContext;
let headers: Record<string, string>;
let routes: SweepRoute[];

beforeAll(async () => {
  context = await createTestApp();
  context.clock.set(new Date('2026-03-10T12:00:00.000Z'));
  const account = await registerAccount(context);
  headers = account.headers;
  const supplier = await createCatalogFactories(context.connection.db).aSupplier();
  const project = (
    await context.app.inject({
      method: 'POST',
      url: createCustomProject.path,
      headers,
      payload: { title: 'Sweep draft' },
    })
  ).json<CustomProject>();
  const projectBody = {
    title: 'Tee',
    material: 'Cotton',
    printDetail: 'None',
    quantity: 100,
    completionDate: '2026-04-01',
    companyId: supplier.id,
    step: 'REVIEW',
    status: 'DRAFT',
  };
  routes = [
    { method: 'POST', path: createCustomProject.path, body: projectBody },
    {
      method: 'PUT',
      path: updateCustomProject.path,
      params: { id: project.id },
      body: projectBody,
    },
    { method: 'GET', path: getCustomProject.path, params: { id: project.id } },
    { method: 'GET', path: listCustomProjects.path, query: { status: 'DRAFT' } },
    { method: 'DELETE', path: deleteCustomProject.path, params: { id: 'rfp_doesnotexist' } },
    {
      method: 'POST',
      path: createSupplierInvite.path,
      body: {
        name: 'Sweep Mill',
        website: 'https://sweep.example',
        email: 'sweep@example.com',
        phoneNumber: '+1 555 0100',
      },
    },
    { method: 'GET', path: listSupplierInvites.path },
  ];
});
afterAll(async () => context.close());

describe('sourcing routes given garbage input', () => {
  it('answers every garbage path, query, body and field below 500, in the error shape', async () => {
    for (const route of routes) await sweepRoute(context, route, headers);
  }, 120_000);
});
