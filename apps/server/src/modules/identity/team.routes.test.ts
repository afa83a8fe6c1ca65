import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCurrentUser, login, switchStore } from '@atelier/contract/identity/account';
import type { PlanType } from '@atelier/contract/identity/plans';
import {
  getStoreProfile,
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
import { notificationOutbox, stores, teamMembers } from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => context.close());

type Headers = Record<string, string>;
type Account = Awaited<ReturnType<typeof registerAccount>>;

let emailCounter = 0;
const anInviteeEmail = () => {
  emailCounter += 1;
  return `invitee${emailCounter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
};

const setPlan = async (storeId: string, planType: PlanType) => {
  await context.connection.db.update(stores).set({ planType }).where(eq(stores.id, storeId));
};

/** A registered owner whose store is on the Scaling plan (team seats). */
const anOwnerWithSeats = async (): Promise<Account> => {
  const owner = await registerAccount(context);
  await setPlan(owner.storeId, 'TIER_2_5');
  return owner;
};

const invite = (headers: Headers, email: string, role: 'ADMIN' | 'CX' | 'OWNER') =>
  context.app.inject({
    method: 'POST',
    url: inviteTeamMember.path,
    headers,
    payload: { email, role },
  });

const accept = (headers: Headers, inviteId: string) =>
  context.app.inject({
    method: 'PUT',
    url: acceptTeamInvite.path.replace(':id', inviteId),
    headers,
  });

const cancel = (headers: Headers, inviteId: string) =>
  context.app.inject({
    method: 'DELETE',
    url: cancelTeamInvite.path.replace(':id', inviteId),
    headers,
  });

const listTeam = (headers: Headers) =>
  context.app.inject({ method: 'GET', url: listTeamMembers.path, headers });

const listReceived = (headers: Headers) =>
  context.app.inject({ method: 'GET', url: listReceivedTeamInvites.path, headers });

const switchTo = (headers: Headers, storeId: string) =>
  context.app.inject({ method: 'POST', url: switchStore.path, headers, payload: { storeId } });

/** Invites a new person with this role, registers them, accepts and switches to the store. */
const aMember = async (owner: Account, role: 'ADMIN' | 'CX') => {
  const email = anInviteeEmail();
  const invited = await invite(owner.headers, email, role);
  expect(invited.statusCode, invited.body).toBe(201);
  const member = await registerAccount(context, { email });
  expect((await accept(member.headers, invited.json().id)).statusCode).toBe(200);
  expect((await switchTo(member.headers, owner.storeId)).statusCode).toBe(200);
  return member;
};

describe('POST /api/web/team-invites', () => {
  it.each<PlanType>(['TIER_1', 'TIER_2'])(
    'refuses an invite from a %s store with 403 plan_has_no_team_seats',
    async (planType) => {
      const owner = await registerAccount(context);
      await setPlan(owner.storeId, planType);
      const response = await invite(owner.headers, anInviteeEmail(), 'ADMIN');
      expectApiError(response, 403, { code: 'forbidden', reason: 'plan_has_no_team_seats' });
      const rows = await context.connection.db
        .select()
        .from(teamMembers)
        .where(eq(teamMembers.storeId, owner.storeId));
      expect(rows).toHaveLength(1);
    },
  );

  it.each(['ADMIN', 'CX'] as const)(
    'invites a %s on a TIER_2_5 store as a pending member',
    async (role) => {
      const owner = await anOwnerWithSeats();
      const email = anInviteeEmail();
      const response = await invite(owner.headers, email.toUpperCase(), role);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.stringMatching(/^tm_/),
        storeId: owner.storeId,
        storeTitle: owner.input.storeTitle,
        email,
        role,
        status: 'PENDING',
        invitedAt: context.clock.now().toISOString(),
        acceptedAt: null,
      });

      const team = (await listTeam(owner.headers)).json().items;
      expect(team).toHaveLength(2);
      expect(team).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: owner.input.email, role: 'OWNER', status: 'ACCEPTED' }),
          expect.objectContaining({ email, role, status: 'PENDING' }),
        ]),
      );
    },
  );

  it('invites on a TIER_3 store too', async () => {
    const owner = await registerAccount(context);
    await setPlan(owner.storeId, 'TIER_3');
    expect((await invite(owner.headers, anInviteeEmail(), 'CX')).statusCode).toBe(201);
  });

  it('sends the invitee an e-mail through the notification outbox', async () => {
    const owner = await anOwnerWithSeats();
    const email = anInviteeEmail();
    await invite(owner.headers, email, 'CX');
    const mail = await context.connection.db
      .select()
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.recipient, email), eq(notificationOutbox.kind, 'team.invited')),
      );
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'EMAIL', storeId: owner.storeId });
    expect(mail[0]?.subject).toContain(owner.input.storeTitle);
  });

  it('refuses to invite the same e-mail twice, whatever its case, with 409', async () => {
    const owner = await anOwnerWithSeats();
    const email = anInviteeEmail();
    expect((await invite(owner.headers, email, 'CX')).statusCode).toBe(201);
    expectApiError(await invite(owner.headers, email.toUpperCase(), 'ADMIN'), 409, {
      code: 'conflict',
      reason: 'already_invited',
    });
    expectApiError(await invite(owner.headers, owner.input.email, 'ADMIN'), 409, {
      code: 'conflict',
      reason: 'already_invited',
    });
  });

  it('answers one of two simultaneous invites of an e-mail with 409, never 500', async () => {
    const owner = await anOwnerWithSeats();
    const email = anInviteeEmail();
    const responses = await Promise.all([
      invite(owner.headers, email, 'CX'),
      invite(owner.headers, email, 'ADMIN'),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses the OWNER role and a malformed e-mail with 400', async () => {
    const owner = await anOwnerWithSeats();
    expectApiError(await invite(owner.headers, anInviteeEmail(), 'OWNER'), 400, {
      code: 'bad_request',
    });
    expectApiError(await invite(owner.headers, 'not-an-email', 'CX'), 400, {
      code: 'bad_request',
    });
  });
});

describe('accepting a team invite', () => {
  it('lets the invitee see, accept and switch to the store with the invited role', async () => {
    const owner = await anOwnerWithSeats();
    const email = anInviteeEmail();
    const inviteId = (await invite(owner.headers, email, 'ADMIN')).json().id as string;
    const invitee = await registerAccount(context, { email });

    const received = (await listReceived(invitee.headers)).json().items;
    expect(received).toEqual([
      expect.objectContaining({
        id: inviteId,
        storeId: owner.storeId,
        storeTitle: owner.input.storeTitle,
        role: 'ADMIN',
        status: 'PENDING',
      }),
    ]);

    const accepted = await accept(invitee.headers, inviteId);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      id: inviteId,
      status: 'ACCEPTED',
      acceptedAt: context.clock.now().toISOString(),
    });
    expect((await listReceived(invitee.headers)).json().items).toEqual([]);

    const switched = await switchTo(invitee.headers, owner.storeId);
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ store: { id: owner.storeId }, role: 'ADMIN' });

    const me = await context.app.inject({
      method: 'GET',
      url: getCurrentUser.path,
      headers: invitee.headers,
    });
    expect(me.json()).toMatchObject({
      user: { id: invitee.userId },
      store: { id: owner.storeId, title: owner.input.storeTitle },
      role: 'ADMIN',
    });
    expect(me.json().memberships).toEqual(
      expect.arrayContaining([
        { storeId: invitee.storeId, storeTitle: invitee.input.storeTitle, role: 'OWNER' },
        { storeId: owner.storeId, storeTitle: owner.input.storeTitle, role: 'ADMIN' },
      ]),
    );

    const back = await switchTo(invitee.headers, invitee.storeId);
    expect(back.json()).toMatchObject({ store: { id: invitee.storeId }, role: 'OWNER' });
  });

  it('refuses to switch to a store whose invite is still pending with 404', async () => {
    const owner = await anOwnerWithSeats();
    const email = anInviteeEmail();
    await invite(owner.headers, email, 'CX');
    const invitee = await registerAccount(context, { email });
    expectApiError(await switchTo(invitee.headers, owner.storeId), 404, { code: 'not_found' });
  });

  it("refuses another person's accept with 404", async () => {
    const owner = await anOwnerWithSeats();
    const inviteId = (await invite(owner.headers, anInviteeEmail(), 'CX')).json().id as string;
    const stranger = await anOwnerWithSeats();
    expectApiError(await accept(stranger.headers, inviteId), 404, {
      code: 'not_found',
      reason: 'team_invite_not_found',
    });
    expectApiError(await accept(owner.headers, inviteId), 404, { code: 'not_found' });
    expect((await listReceived(stranger.headers)).json().items).toEqual([]);
  });

  it('answers an unknown invite id with 404', async () => {
    const owner = await anOwnerWithSeats();
    expectApiError(await accept(owner.headers, 'tm_doesnotexist'), 404, { code: 'not_found' });
    expectApiError(await cancel(owner.headers, 'tm_doesnotexist'), 404, { code: 'not_found' });
  });
});

describe('team roles', () => {
  it('refuses a CX member store profile edits, invites, flags and the team list with 403', async () => {
    const owner = await anOwnerWithSeats();
    const cx = await aMember(owner, 'CX');

    const profile = await context.app.inject({
      method: 'PUT',
      url: updateStoreProfile.path,
      headers: cx.headers,
      payload: { title: 'Taken over' },
    });
    expectApiError(profile, 403, { code: 'forbidden', reason: 'role_not_allowed' });
    expectApiError(await invite(cx.headers, anInviteeEmail(), 'CX'), 403, {
      code: 'forbidden',
      reason: 'role_not_allowed',
    });
    const flags = await context.app.inject({
      method: 'PUT',
      url: updateFeatureFlags.path,
      headers: cx.headers,
      payload: { analyticsAccess: false },
    });
    expectApiError(flags, 403, { code: 'forbidden' });
    expectApiError(await listTeam(cx.headers), 403, { code: 'forbidden' });

    const store = await context.app.inject({
      method: 'GET',
      url: getStoreProfile.path,
      headers: owner.headers,
    });
    expect(store.json()).toMatchObject({
      title: owner.input.storeTitle,
      featureFlags: { analyticsAccess: true },
    });
  });

  it('lets an ADMIN member edit the profile and invite, but not change feature flags', async () => {
    const owner = await anOwnerWithSeats();
    const admin = await aMember(owner, 'ADMIN');

    const profile = await context.app.inject({
      method: 'PUT',
      url: updateStoreProfile.path,
      headers: admin.headers,
      payload: { title: 'Admin Edit' },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: owner.storeId, title: 'Admin Edit' });
    expect((await invite(admin.headers, anInviteeEmail(), 'CX')).statusCode).toBe(201);
    const flags = await context.app.inject({
      method: 'PUT',
      url: updateFeatureFlags.path,
      headers: admin.headers,
      payload: { analyticsAccess: false },
    });
    expectApiError(flags, 403, { code: 'forbidden', reason: 'role_not_allowed' });
  });

  it("keeps a member's own store theirs to run", async () => {
    const owner = await anOwnerWithSeats();
    const cx = await aMember(owner, 'CX');
    await switchTo(cx.headers, cx.storeId);
    const profile = await context.app.inject({
      method: 'PUT',
      url: updateStoreProfile.path,
      headers: cx.headers,
      payload: { title: 'My Own' },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().id).toBe(cx.storeId);
  });
});

describe('DELETE /api/web/team-invites/:id', () => {
  it('cancels a pending invite, which then disappears for both sides', async () => {
    const owner = await anOwnerWithSeats();
    const email = anInviteeEmail();
    const inviteId = (await invite(owner.headers, email, 'CX')).json().id as string;
    const invitee = await registerAccount(context, { email });

    const response = await cancel(owner.headers, inviteId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const team = (await listTeam(owner.headers)).json().items as { id: string }[];
    expect(team.map((member) => member.id)).not.toContain(inviteId);
    expect((await listReceived(invitee.headers)).json().items).toEqual([]);
    expectApiError(await accept(invitee.headers, inviteId), 404, { code: 'not_found' });
    expect((await invite(owner.headers, email, 'ADMIN')).statusCode).toBe(201);
  });

  it("refuses another store's cancel with 404 and keeps the invite", async () => {
    const owner = await anOwnerWithSeats();
    const inviteId = (await invite(owner.headers, anInviteeEmail(), 'CX')).json().id as string;
    const other = await anOwnerWithSeats();
    expectApiError(await cancel(other.headers, inviteId), 404, {
      code: 'not_found',
      reason: 'team_invite_not_found',
    });
    const team = (await listTeam(owner.headers)).json().items as { id: string }[];
    expect(team.map((member) => member.id)).toContain(inviteId);
  });

  it('removes an accepted member, whose session for that store then ends', async () => {
    const owner = await anOwnerWithSeats();
    const cx = await aMember(owner, 'CX');
    const team = (await listTeam(owner.headers)).json().items as { id: string; email: string }[];
    const membership = team.find((member) => member.email === cx.input.email)!;
    expect((await cancel(owner.headers, membership.id)).statusCode).toBe(200);

    const me = await context.app.inject({
      method: 'GET',
      url: getCurrentUser.path,
      headers: cx.headers,
    });
    expectApiError(me, 401, { code: 'unauthenticated', reason: 'session_invalid' });

    const again = await context.app.inject({
      method: 'POST',
      url: login.path,
      payload: { email: cx.input.email, password: cx.input.password },
    });
    expect(again.json().currentUser).toMatchObject({ store: { id: cx.storeId }, role: 'OWNER' });
    expect(again.json().currentUser.memberships).toHaveLength(1);
  });

  it("refuses to remove the store's owner with 422", async () => {
    const owner = await anOwnerWithSeats();
    const team = (await listTeam(owner.headers)).json().items as { id: string; role: string }[];
    const ownerMembership = team.find((member) => member.role === 'OWNER')!;
    expectApiError(await cancel(owner.headers, ownerMembership.id), 422, {
      code: 'unprocessable',
      reason: 'owner_not_removable',
    });
  });

  it('refuses a CX member with 403', async () => {
    const owner = await anOwnerWithSeats();
    const inviteId = (await invite(owner.headers, anInviteeEmail(), 'CX')).json().id as string;
    const cx = await aMember(owner, 'CX');
    expectApiError(await cancel(cx.headers, inviteId), 403, { code: 'forbidden' });
  });
});
