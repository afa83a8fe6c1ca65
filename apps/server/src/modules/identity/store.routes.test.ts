import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCurrentUser, switchStore } from '@atelier/contract/identity/account';
import {
  getStoreProfile,
  setExternalField,
  updateFeatureFlags,
  updateStoreProfile,
} from '@atelier/contract/identity/store';
import { stores, users } from '@/db/schema';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => context.close());

type Headers = Record<string, string>;

const getProfile = (headers: Headers) =>
  context.app.inject({ method: 'GET', url: getStoreProfile.path, headers });

const putProfile = (headers: Headers, payload: unknown) =>
  context.app.inject({
    method: 'PUT',
    url: updateStoreProfile.path,
    headers,
    payload: payload as object,
  });

const putExternalField = (headers: Headers, payload: unknown) =>
  context.app.inject({
    method: 'PUT',
    url: setExternalField.path,
    headers,
    payload: payload as object,
  });

const putFeatureFlags = (headers: Headers, payload: unknown) =>
  context.app.inject({
    method: 'PUT',
    url: updateFeatureFlags.path,
    headers,
    payload: payload as object,
  });

describe('GET /api/web/stores/me', () => {
  it('answers the §3 store profile of a new store', async () => {
    const { headers, storeId, input } = await registerAccount(context, {
      accountType: 'SMB',
      usageStyle: 'WITH_AI_ASSISTANTS',
    });
    const response = await getProfile(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: storeId,
      email: input.email,
      title: input.storeTitle,
      user: { name: input.name, username: expect.any(String) },
      planType: 'TIER_1',
      createdAt: context.clock.now().toISOString(),
      externalFields: [],
      avatarUrl: null,
      isPreviewAccount: false,
      accountType: 'SMB',
      usageStyle: 'WITH_AI_ASSISTANTS',
      blueprintSubscriptionId: null,
      blueprintSubscriptionStatus: null,
      blueprintSubscriptionPausedAt: null,
      blueprintSubscriptionResumesAt: null,
      blueprintSubscriptionBehavior: null,
      authCredential: { name: input.email },
      featureFlags: {
        analyticsAccess: true,
        fulfillmentMetrics: true,
        productDesign: true,
        emailCapture: true,
        fulfillment: true,
      },
    });
  });

  it('refuses a request without a session with 401', async () => {
    expectApiError(await getProfile({}), 401, { code: 'unauthenticated' });
  });

  it("never shows another store's data", async () => {
    const first = await registerAccount(context, { storeTitle: 'First Studio' });
    const second = await registerAccount(context, { storeTitle: 'Second Studio' });
    await putExternalField(first.headers, { name: 'secret', value: 'first-only' });

    const profile = (await getProfile(second.headers)).json();
    expect(profile).toMatchObject({ id: second.storeId, title: 'Second Studio' });
    expect(profile.externalFields).toEqual([]);
    expect(JSON.stringify(profile)).not.toContain(first.storeId);

    const me = (
      await context.app.inject({ method: 'GET', url: getCurrentUser.path, headers: second.headers })
    ).json();
    expect(me.memberships).toEqual([
      { storeId: second.storeId, storeTitle: 'Second Studio', role: 'OWNER' },
    ]);

    const switched = await context.app.inject({
      method: 'POST',
      url: switchStore.path,
      headers: second.headers,
      payload: { storeId: first.storeId },
    });
    expectApiError(switched, 404, { code: 'not_found' });
    expect((await getProfile(second.headers)).json().id).toBe(second.storeId);
  });
});

describe('PUT /api/web/stores/me', () => {
  it('updates the title and the owner name', async () => {
    const { headers } = await registerAccount(context);
    const response = await putProfile(headers, { title: '  Renamed Studio ', name: 'Ada Maker' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Renamed Studio', user: { name: 'Ada Maker' } });

    expect((await getProfile(headers)).json()).toMatchObject({
      title: 'Renamed Studio',
      user: { name: 'Ada Maker' },
    });
    const me = await context.app.inject({ method: 'GET', url: getCurrentUser.path, headers });
    expect(me.json()).toMatchObject({
      user: { name: 'Ada Maker' },
      store: { title: 'Renamed Studio' },
    });
  });

  it('updates the account type, usage style and avatar, and clears the name and avatar', async () => {
    const { headers } = await registerAccount(context);
    const avatarUrl = 'https://cdn.example.com/avatar.png';
    const updated = await putProfile(headers, {
      accountType: 'UNDECIDED',
      usageStyle: 'WITH_AI_ASSISTANTS',
      avatarUrl,
    });
    expect(updated.json()).toMatchObject({
      accountType: 'UNDECIDED',
      usageStyle: 'WITH_AI_ASSISTANTS',
      avatarUrl,
    });
    const cleared = await putProfile(headers, { avatarUrl: null, name: null });
    expect(cleared.json()).toMatchObject({ avatarUrl: null, user: { name: null } });
  });

  it('leaves the profile unchanged for an empty body', async () => {
    const { headers } = await registerAccount(context);
    const before = (await getProfile(headers)).json();
    const response = await putProfile(headers, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(before);
  });

  it.each([
    'mailto:x@y.z',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'example.com/avatar.png',
    'https://',
  ])('refuses the avatar link %j with 400 naming body.avatarUrl', async (avatarUrl) => {
    const { headers } = await registerAccount(context);
    const error = expectApiError(await putProfile(headers, { avatarUrl }), 400, {
      code: 'bad_request',
    });
    expect(fieldsOf(error)).toEqual(['body.avatarUrl']);
    expect((await getProfile(headers)).json().avatarUrl).toBeNull();
  });

  it.each(['ftp://files.example.com/a.png', '//cdn.example.com/a.png'])(
    'accepts the avatar link %j',
    async (avatarUrl) => {
      const { headers } = await registerAccount(context);
      expect((await putProfile(headers, { avatarUrl })).statusCode).toBe(200);
    },
  );

  it('refuses an unknown field with 400', async () => {
    const { headers } = await registerAccount(context);
    const response = await putProfile(headers, { title: 'Fine', planType: 'TIER_3' });
    const error = expectApiError(response, 400, { code: 'bad_request' });
    expect(error.message).toContain('planType');
    expect((await getProfile(headers)).json()).toMatchObject({ planType: 'TIER_1' });
  });

  it.each([
    ['title', ''],
    ['title', '   '],
    ['title', 't'.repeat(121)],
    ['name', 'n'.repeat(121)],
    ['accountType', 'ENTERPRISE'],
    ['usageStyle', null],
  ])('refuses %s = %j with 400 naming the field', async (field, value) => {
    const { headers } = await registerAccount(context);
    const error = expectApiError(await putProfile(headers, { [field]: value }), 400, {
      code: 'bad_request',
    });
    expect(fieldsOf(error)).toEqual([`body.${field}`]);
  });

  it("changes nothing when one field can't be stored", async () => {
    const { headers, userId, input } = await registerAccount(context);
    const response = await putProfile(headers, { name: 'New Name', title: 'Bad\u0000Title' });
    expect(response.statusCode).toBe(400);
    const [user] = await context.connection.db.select().from(users).where(eq(users.id, userId));
    expect(user?.name).toBe(input.name);
  });
});

describe('PUT /api/web/stores/me/external-fields', () => {
  it('adds a field, and replaces the value when the same name is set again', async () => {
    const { headers } = await registerAccount(context);
    const added = await putExternalField(headers, { name: 'shopify.id', value: '123' });
    expect(added.statusCode).toBe(200);
    expect(added.json().externalFields).toEqual([{ name: 'shopify.id', value: '123' }]);

    await putExternalField(headers, { name: 'crm:segment', value: 'vip' });
    const replaced = await putExternalField(headers, { name: 'shopify.id', value: '456' });
    expect(replaced.json().externalFields).toEqual(
      expect.arrayContaining([
        { name: 'shopify.id', value: '456' },
        { name: 'crm:segment', value: 'vip' },
      ]),
    );
    expect(replaced.json().externalFields).toHaveLength(2);
    expect((await getProfile(headers)).json().externalFields).toHaveLength(2);
  });

  it.each([
    [{ value: 'x' }, 'body.name'],
    [{ name: 'ok' }, 'body.value'],
    [{ name: 'has space', value: 'x' }, 'body.name'],
    [{ name: '', value: 'x' }, 'body.name'],
    [{ name: 'n'.repeat(101), value: 'x' }, 'body.name'],
    [{ name: 'ok', value: 'v'.repeat(10_001) }, 'body.value'],
    [{ name: 'ok', value: 42 }, 'body.value'],
  ])('refuses %j with 400 naming %s', async (payload, field) => {
    const { headers } = await registerAccount(context);
    const error = expectApiError(await putExternalField(headers, payload), 400, {
      code: 'bad_request',
    });
    expect(fieldsOf(error)).toContain(field);
  });
});

describe('PUT /api/web/stores/me/feature-flags', () => {
  it('lets the owner turn flags off and on, and /me reflects them', async () => {
    const { headers } = await registerAccount(context);
    const off = await putFeatureFlags(headers, { analyticsAccess: false, fulfillment: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      analyticsAccess: false,
      fulfillmentMetrics: true,
      productDesign: true,
      emailCapture: true,
      fulfillment: false,
    });
    const me = await context.app.inject({ method: 'GET', url: getCurrentUser.path, headers });
    expect(me.json().featureFlags).toMatchObject({ analyticsAccess: false, fulfillment: false });

    const on = await putFeatureFlags(headers, { analyticsAccess: true });
    expect(on.json()).toMatchObject({ analyticsAccess: true, fulfillment: false });
    expect((await getProfile(headers)).json().featureFlags).toEqual(on.json());
  });

  it('changes only the flags of its own store', async () => {
    const first = await registerAccount(context);
    const second = await registerAccount(context);
    await putFeatureFlags(first.headers, { productDesign: false });
    expect((await getProfile(second.headers)).json().featureFlags.productDesign).toBe(true);
  });

  it.each([{ unknownFlag: true }, { analyticsAccess: 'yes' }, { analyticsAccess: null }])(
    'refuses %j with 400',
    async (payload) => {
      const { headers, storeId } = await registerAccount(context);
      expectApiError(await putFeatureFlags(headers, payload), 400, { code: 'bad_request' });
      const [store] = await context.connection.db
        .select()
        .from(stores)
        .where(eq(stores.id, storeId));
      expect(store?.featureFlags.analyticsAccess).toBe(true);
    },
  );
});
