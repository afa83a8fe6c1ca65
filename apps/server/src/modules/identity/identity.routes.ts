import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { routeOptions } from '@/lib/endpoint';
import { clientInfo } from '@/lib/client-info';
import type { AccountService } from './account.service';
import type { StoreService } from './store.service';
import type { TeamService } from './team.service';

type IdentityRouteDeps = {
  accountService: AccountService;
  storeService: StoreService;
  teamService: TeamService;
};

/** Issue #2 §4: accounts, sessions, store profile, feature flags and team. */
export const identityRoutes =
  ({ accountService, storeService, teamService }: IdentityRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(register.path, routeOptions(register), async (request, reply) =>
      reply.status(201).send(await accountService.register(request.body, clientInfo(request))),
    );

    app.post(login.path, routeOptions(login), async (request) =>
      accountService.login(request.body, clientInfo(request)),
    );

    const logoutOptions = routeOptions(logout);
    app.post(
      logout.path,
      { ...logoutOptions, config: { ...logoutOptions.config, allowInPreview: true } },
      async (request) => {
        await accountService.logout(request.actor);
        return { ok: true as const };
      },
    );

    app.get(getCurrentUser.path, routeOptions(getCurrentUser), async (request) =>
      accountService.loadCurrentUser(request.actor.userId, request.actor.storeId),
    );

    const switchOptions = routeOptions(switchStore);
    app.post(
      switchStore.path,
      { ...switchOptions, config: { ...switchOptions.config, allowInPreview: true } },
      async (request) => accountService.switchStore(request.actor, request.body.storeId),
    );

    app.get(getStoreProfile.path, routeOptions(getStoreProfile), async (request) =>
      storeService.getStoreProfile(request.actor),
    );

    app.put(updateStoreProfile.path, routeOptions(updateStoreProfile), async (request) =>
      storeService.updateStoreProfile(request.actor, request.body),
    );

    app.put(setExternalField.path, routeOptions(setExternalField), async (request) =>
      storeService.setExternalField(request.actor, request.body),
    );

    app.put(updateFeatureFlags.path, routeOptions(updateFeatureFlags), async (request) =>
      storeService.updateFeatureFlags(request.actor, request.body),
    );

    app.get(listTeamMembers.path, routeOptions(listTeamMembers), async (request) => ({
      items: await teamService.listTeamMembers(request.actor),
    }));

    app.get(
      listReceivedTeamInvites.path,
      routeOptions(listReceivedTeamInvites),
      async (request) => ({
        items: await teamService.listReceivedInvites(request.actor),
      }),
    );

    app.post(inviteTeamMember.path, routeOptions(inviteTeamMember), async (request, reply) =>
      reply.status(201).send(await teamService.inviteTeamMember(request.actor, request.body)),
    );

    app.put(acceptTeamInvite.path, routeOptions(acceptTeamInvite), async (request) =>
      teamService.acceptTeamInvite(request.actor, request.params.id),
    );

    app.delete(cancelTeamInvite.path, routeOptions(cancelTeamInvite), async (request) => {
      await teamService.cancelTeamInvite(request.actor, request.params.id);
      return { ok: true as const };
    });
  };
