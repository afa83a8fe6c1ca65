import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCurrentUser, login, logout, switchStore } from '@atelier/contract/identity/account';
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
  listTeamMembers,
} from '@atelier/contract/identity/team';
import { buildApp, type AtelierApp } from '@/app';
import { stores, teamMembers } from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

type Headers = Record<string, string>;

let context: TestContext;
let preview: AtelierApp;
let previewAccount: Awaited<ReturnType<typeof registerAccount>>;
let pendingInviteId: string;

/** The preview store's row and team, to show a refused write changed nothing. */
const snapshot = async () => {
  const { db } = context.connection;
  const store = await db.select().from(stores).where(eq(stores.id, previewAccount.storeId));
  const team = await db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.storeId, previewAccount.storeId));
  return { store, team };
};

beforeAll(async () => {
  context = await createTestApp();
  previewAccount = await registerAccount(context);
  await context.connection.db
    .update(stores)
    .set({ planType: 'TIER_2_5' })
    .where(eq(stores.id, previewAccount.storeId));
  const invited = await context.app.inject({
    method: 'POST',
    url: inviteTeamMember.path,
    headers: previewAccount.headers,
    payload: { email: 'pending-preview@example.com', role: 'CX' },
  });
  pendingInviteId = invited.json().id as string;
  // PREVIEW_ACCOUNT_LIST is read when the app is built, so a second app on the same database
  // knows the store id registered above.
  preview = await buildApp({
    config: { ...context.config, PREVIEW_ACCOUNT_LIST: [previewAccount.storeId] },
    connection: context.connection,
    clock: context.clock,
    logger: false,
  });
  await preview.app.ready();
});
afterAll(async () => {
  await preview.app.close();
  await context.close();
});

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => preview.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('preview accounts', () => {
  it('reads the profile, current user and team, flagged as a preview account', async () => {
    const me = await send('GET', getCurrentUser.path, previewAccount.headers);
    expect(me.statusCode).toBe(200);
    expect(me.json().store).toMatchObject({ id: previewAccount.storeId, isPreviewAccount: true });

    const profile = await send('GET', getStoreProfile.path, previewAccount.headers);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().isPreviewAccount).toBe(true);

    expect((await send('GET', listTeamMembers.path, previewAccount.headers)).statusCode).toBe(200);
  });

  it.each([
    ['PUT', updateStoreProfile.path, { title: 'Changed' }],
    ['PUT', setExternalField.path, { name: 'crm', value: 'x' }],
    ['PUT', updateFeatureFlags.path, { analyticsAccess: false }],
    ['POST', inviteTeamMember.path, { email: 'new-member@example.com', role: 'ADMIN' }],
    ['DELETE', cancelTeamInvite.path, undefined],
    ['PUT', acceptTeamInvite.path, undefined],
  ] as const)(
    'refuses %s %s with 403 preview_mode and changes nothing',
    async (method, path, payload) => {
      const before = await snapshot();
      const url = path.replace(':id', pendingInviteId);
      const response = await send(method, url, previewAccount.headers, payload);
      expectApiError(response, 403, {
        code: 'forbidden',
        reason: 'preview_mode',
        message: "Preview mode can't take this action.",
      });
      expect(await snapshot()).toEqual(before);
    },
  );

  it('refuses a write with an invalid body with the preview message too', async () => {
    const response = await send('PUT', updateStoreProfile.path, previewAccount.headers, {
      title: '',
    });
    expectApiError(response, 403, { code: 'forbidden', reason: 'preview_mode' });
  });

  it('still lets a preview account log in, switch store and log out', async () => {
    const started = await preview.app.inject({
      method: 'POST',
      url: login.path,
      payload: { email: previewAccount.input.email, password: previewAccount.input.password },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().currentUser.store.isPreviewAccount).toBe(true);
    const headers = { authorization: `Bearer ${started.json().token}` };

    const switched = await send('POST', switchStore.path, headers, {
      storeId: previewAccount.storeId,
    });
    expect(switched.statusCode).toBe(200);

    const ended = await send('POST', logout.path, headers);
    expect(ended.statusCode).toBe(200);
    expectApiError(await send('GET', getCurrentUser.path, headers), 401, {
      code: 'unauthenticated',
    });
  });

  it('leaves every other store free to write', async () => {
    const other = await registerAccount(context);
    const response = await send('PUT', updateStoreProfile.path, other.headers, {
      title: 'Not a preview',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Not a preview', isPreviewAccount: false });
  });
});
