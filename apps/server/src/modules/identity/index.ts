import type { Database } from '@/db/client';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { Notifier } from '@/modules/notifications';
import { createAccountService } from './account.service';
import { createIdentityRepositories } from './identity.repositories';
import { identityRoutes } from './identity.routes';
import { createLoginThrottle } from './login-throttle';
import { createSessionCache, createSessionService, type SessionSettings } from './session.service';
import { createStoreService } from './store.service';
import { createTeamService } from './team.service';

export type IdentityModuleDeps = {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  previewStoreIds: ReadonlySet<string>;
  sessionSettings: SessionSettings;
  publicUrl: string;
};

/** The identity module's public surface: its routes, services and the session check. */
export const createIdentityModule = (deps: IdentityModuleDeps) => {
  const { db, clock, previewStoreIds, sessionSettings } = deps;
  const repositories = createIdentityRepositories(db);
  const sessionCache = createSessionCache(sessionSettings.cacheTtlMs);
  const sessionServiceFor = (repos: ReturnType<typeof createIdentityRepositories>) =>
    createSessionService(repos.sessions, clock, sessionSettings, sessionCache);
  const sessionService = sessionServiceFor(repositories);
  const loginThrottle = createLoginThrottle(repositories.loginFailures, clock);
  const accountService = createAccountService({
    db,
    clock,
    sessionService: sessionServiceFor,
    loginThrottle,
    previewStoreIds,
  });
  const storeService = createStoreService({ db, previewStoreIds });
  const teamService = createTeamService({
    ...deps,
    onMembershipChanged: () => sessionService.forgetAll(),
  });

  return {
    accountService,
    storeService,
    teamService,
    routes: identityRoutes({ accountService, storeService, teamService }),

    /** Store titles and user names for other modules (chat summaries and author names). */
    directory: {
      async findStoreTitles(ids: readonly string[]): Promise<ReadonlyMap<string, string>> {
        const rows = await Promise.all(ids.map((id) => repositories.stores.findById(id)));
        return new Map(rows.flatMap((row) => (row ? [[row.id, row.title] as const] : [])));
      },
      async findUserName(userId: string): Promise<string> {
        const user = await repositories.users.findById(userId);
        return user?.name ?? user?.username ?? '';
      },
    },

    /** Resolves a bearer token to the acting user and store; throws `unauthenticated`. */
    async authenticate(
      token: string | undefined,
    ): Promise<{ actor: Actor; renewedToken?: string }> {
      // One query on the hot path of every request: session, e-mail, plan and role together.
      const { session, renewedToken } = await sessionService.authenticate(token);
      const { principal } = session;
      if (principal.role === null) {
        throw new AppError('unauthenticated', 'Your session is invalid. Please log in again.', {
          reason: 'session_invalid',
        });
      }
      const actor: Actor = {
        userId: session.userId,
        email: principal.email,
        storeId: session.storeId,
        role: principal.role,
        sessionId: session.id,
        planType: principal.planType,
        isPreviewAccount: previewStoreIds.has(session.storeId),
      };
      return renewedToken ? { actor, renewedToken } : { actor };
    },
  };
};
export type IdentityModule = ReturnType<typeof createIdentityModule>;
