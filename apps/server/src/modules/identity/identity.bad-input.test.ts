import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCatalogCategories } from '@atelier/contract/catalog/category';
import {
  getCurrentUser,
  login,
  logout,
  register,
  switchStore,
} from '@atelier/contract/identity/account';
import {
  getStoreProfile,
  setExternalField,
  updateFeatureFlags,
  updateStoreProfile,
} from '@atelier/contract/identity/store';
import {
  acceptTeamInvite,
  cancelTeamInvite,
  inviteTeamMember,
  listReceivedTeamInvites,
  listTeamMembers,
} from '@atelier/contract/identity/team';
import { stores } from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import { aRegistration, registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

let context: TestContext;
let owner: Awaited<ReturnType<typeof registerAccount>>;
beforeAll(async () => {
  context = await createTestApp();
  owner = await registerAccount(context);
  // Team seats, so invites get past the plan check and reach the database.
  await context.connection.db
    .update(stores)
    .set({ planType: 'TIER_2_5' })
    .where(eq(stores.id, owner.storeId));
});
afterAll(async () => context.close());

/** Values no field of any identity endpoint should turn into a server error. */
const GARBAGE: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  '',
  '   ',
  'x'.repeat(10_000),
  'a\u0000b',
  '\u0000',
  '😀'.repeat(300),
  'ʇsǝʇ 𝕦𝕟𝕚𝕔𝕠𝕕𝕖 \u202e\u200b\u0301 مرحبا 你好',
  '\ud800',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  [],
  ['a', 1, null],
  {},
  { nested: { deeper: { deepest: ['x', { again: 'y'.repeat(1000) }] } } },
];

type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  isPublic?: boolean;
  /** A valid body whose fields the sweep replaces one at a time. */
  body?: Record<string, unknown>;
};

const IDENTITY_ROUTES: Route[] = [
  { method: 'POST', path: register.path, isPublic: true, body: { ...aRegistration() } },
  {
    method: 'POST',
    path: login.path,
    isPublic: true,
    body: { email: 'sweep@example.com', password: 'whatever1' },
  },
  { method: 'POST', path: switchStore.path, body: { storeId: 'sto_x' } },
  {
    method: 'PUT',
    path: updateStoreProfile.path,
    body: {
      title: 'T',
      name: 'N',
      avatarUrl: 'https://a.example/x.png',
      accountType: 'SMB',
      usageStyle: 'WITH_AI_ASSISTANTS',
    },
  },
  { method: 'PUT', path: setExternalField.path, body: { name: 'field', value: 'value' } },
  {
    method: 'PUT',
    path: updateFeatureFlags.path,
    body: { analyticsAccess: true, emailCapture: false },
  },
  {
    method: 'POST',
    path: inviteTeamMember.path,
    body: { email: 'sweep-invitee@example.com', role: 'CX' },
  },
  { method: 'PUT', path: acceptTeamInvite.path },
  { method: 'DELETE', path: cancelTeamInvite.path },
  { method: 'GET', path: getCurrentUser.path },
  { method: 'GET', path: getStoreProfile.path },
  { method: 'GET', path: listTeamMembers.path },
  { method: 'GET', path: listReceivedTeamInvites.path },
  { method: 'POST', path: logout.path },
];

const PATH_IDS = [
  '%00',
  'x'.repeat(64),
  encodeURIComponent('😀'),
  '%2E%2E%2F%2E%2E',
  encodeURIComponent("' OR 1=1 --"),
  '%20',
];

describe('identity routes given garbage input', () => {
  const expectClientAnswer = async (route: Route, url: string, payload: unknown) => {
    const headers: Record<string, string> = route.isPublic ? {} : { ...owner.headers };
    const response = await context.app.inject({
      method: route.method,
      url,
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    const label = `${route.method} ${url} ${JSON.stringify(payload)?.slice(0, 80)}`;
    expect(response.statusCode, `${label} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
    if (response.statusCode >= 400) {
      expectApiError(response, response.statusCode, { code: expect.any(String) });
    }
  };

  it.each(IDENTITY_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    'answers every garbage body and field at %s below 500',
    async (_name, route) => {
      const urls = route.path.includes(':id')
        ? PATH_IDS.map((id) => route.path.replace(':id', id))
        : [route.path];
      for (const url of urls) {
        for (const value of GARBAGE) await expectClientAnswer(route, url, value);
        for (const field of Object.keys(route.body ?? {})) {
          for (const value of GARBAGE) {
            await expectClientAnswer(route, url, { ...route.body, [field]: value });
          }
        }
        if (route.body) {
          await expectClientAnswer(route, url, { ...route.body, unexpected: 'field' });
        }
      }
    },
    60_000,
  );

  it('answers a malformed percent-encoding in the path with 400 in the error shape', async () => {
    const response = await context.app.inject({
      method: 'PUT',
      url: '/api/web/team-invites/%E0%A4%A/accept',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'bad_request', reason: 'malformed_url', requestId: expect.any(String) },
    });
    expect(response.body).not.toContain('%E0%A4%A');
  });

  it('answers garbage query strings on the category list below 500', async () => {
    const queries = [
      'size=1&size=2',
      'page[]=1',
      'size=9999999999999999999999',
      'parentId=99999999999999',
      'parentId=%00',
      'level=%F0%9F%98%80',
      `size=${'9'.repeat(5000)}`,
    ];
    for (const query of queries) {
      const response = await context.app.inject({
        method: 'GET',
        url: `${listCatalogCategories.path}?${query}`,
      });
      expect(response.statusCode, `${query} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
