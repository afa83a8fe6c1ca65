import { and, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlanType } from '@atelier/contract/identity/plans';
import type { Database } from '@/db/client';
import type { Actor, SupplierActor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { EventBus } from '@/events/event-bus';
import type { Notifier } from '@/modules/notifications';
import { createAccountService } from './account.service';
import { createIdentityExportSources } from './identity.export';
import { createIdentityRepositories } from './identity.repositories';
import { identityRoutes } from './identity.routes';
import { stores } from './identity.table';
import { partnerAccountRoutes } from './partner-account.routes';
import { createLoginThrottle } from './login-throttle';
import {
  createSessionCache,
  createSessionService,
  type IssuedSession,
  type SessionService,
  type SessionSettings,
} from './session.service';
import { createStoreService, type FileLookup } from './store.service';
import { createSupplierAccountService, type SupplierDirectory } from './supplier-account.service';
import { createTeamService, type TeamSeatsGate } from './team.service';

export type IdentityModuleDeps = {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  previewStoreIds: ReadonlySet<string>;
  sessionSettings: SessionSettings;
  publicUrl: string;
  /** Catalog company names (supplier accounts), from the catalog module. */
  suppliers: SupplierDirectory;
  /** A party's own uploads, from the files module (uploaded store avatars are checked). */
  files: FileLookup;
  /**
   * Publishes `identity.session.ended` when a session logs out or a login ends it past the cap
   * (its sockets close).
   */
  events: EventBus;
  /** Billing's seat check before a team invite (issue 13). */
  teamSeats?: TeamSeatsGate;
};

export { MAX_SESSIONS_PER_USER } from './session.service';
export {
  createSupplierInvitations,
  SUPPLIER_INVITE_TTL_MS,
  type SupplierDirectory,
  type SupplierInvitations,
} from './supplier-account.service';

const sessionInvalid = () =>
  new AppError('unauthenticated', 'Your session is invalid. Please log in again.', {
    reason: 'session_invalid',
  });
const supplierSessionRefused = () =>
  new AppError(
    'forbidden',
    'This is a supplier session: it works only in the supplier workspace (/partner).',
    { reason: 'wrong_party' },
  );
const storeSessionRefused = () =>
  new AppError('forbidden', 'This is a store session: supplier routes need a supplier login.', {
    reason: 'wrong_party',
  });

/** The holder of a realtime socket: a store's user or a supplier company's member. */
export type SocketHolder =
  | { kind: 'STORE'; storeId: string; userId: string; name: string; sessionId: string }
  | { kind: 'SUPPLIER'; companyId: string; userId: string; name: string; sessionId: string };

type AuthenticatedRow = Awaited<ReturnType<SessionService['authenticate']>>['session'];

/** The identity module's public surface: its routes, services and the session check. */
export const createIdentityModule = (deps: IdentityModuleDeps) => {
  const { db, clock, previewStoreIds, sessionSettings, events } = deps;
  const repositories = createIdentityRepositories(db);
  const sessionCache = createSessionCache(sessionSettings.cacheTtlMs);
  const sessionServiceOn = (handle: Database) =>
    createSessionService(
      createIdentityRepositories(handle).sessions,
      clock,
      sessionSettings,
      sessionCache,
    );
  // The sockets of an ended session close on every process (realtime subscribes).
  const announceEnded = async (tx: Database, sessionIds: readonly string[]) => {
    for (const sessionId of sessionIds) {
      await events.publish(tx, 'identity.session.ended', {
        aggregateId: sessionId,
        payload: { sessionId },
      });
    }
  };
  /**
   * The session service on `handle` (the root database or a transaction). Starting a session
   * (which may end the user's oldest ones) and ending one each run in a transaction (a savepoint
   * inside the caller's) with their `identity.session.ended` events.
   */
  const sessionServiceFor = (handle: Database): SessionService => {
    const startAnnounced = (start: (service: SessionService) => Promise<IssuedSession>) =>
      handle.transaction(async (tx) => {
        const issued = await start(sessionServiceOn(tx));
        await announceEnded(tx, issued.endedSessionIds);
        return issued;
      });
    return {
      ...sessionServiceOn(handle),
      startSession: (userId, storeId, client) =>
        startAnnounced((service) => service.startSession(userId, storeId, client)),
      startSupplierSession: (userId, companyId, client) =>
        startAnnounced((service) => service.startSupplierSession(userId, companyId, client)),
      async endSession(sessionId) {
        await handle.transaction(async (tx) => {
          await sessionServiceOn(tx).endSession(sessionId);
          await announceEnded(tx, [sessionId]);
        });
      },
    };
  };
  const sessionService = sessionServiceFor(db);

  const toActor = (session: AuthenticatedRow): Actor => {
    const { principal, storeId } = session;
    if (storeId === null) throw supplierSessionRefused();
    if (principal.role === null || principal.planType === null) throw sessionInvalid();
    return {
      userId: session.userId,
      email: principal.email,
      name: principal.name,
      storeId,
      storeTitle: principal.storeTitle ?? '',
      role: principal.role,
      sessionId: session.id,
      planType: principal.planType,
      isPreviewAccount: previewStoreIds.has(storeId),
    };
  };
  const toSupplierActor = (session: AuthenticatedRow): SupplierActor => {
    const { principal, companyId } = session;
    if (companyId === null) throw storeSessionRefused();
    if (!principal.isSupplierMember) throw sessionInvalid();
    return {
      userId: session.userId,
      email: principal.email,
      name: principal.name,
      companyId,
      sessionId: session.id,
    };
  };
  const loginThrottle = createLoginThrottle(repositories.loginFailures, clock);
  const accountService = createAccountService({
    db,
    clock,
    sessionService: sessionServiceFor,
    loginThrottle,
    previewStoreIds,
  });
  const supplierAccountService = createSupplierAccountService({
    db,
    clock,
    sessionService: sessionServiceFor,
    loginThrottle,
    suppliers: deps.suppliers,
    publicUrl: deps.publicUrl,
  });
  const storeService = createStoreService({
    db,
    previewStoreIds,
    onUserRenamed: () => sessionService.forgetAll(),
    files: deps.files,
  });
  const teamService = createTeamService({
    ...deps,
    onMembershipChanged: () => sessionService.forgetAll(),
  });

  return {
    /** The store, its team, flags and fields in "Export my data" (no secrets). */
    exportSources: createIdentityExportSources(db),
    accountService,
    supplierAccountService,
    storeService,
    teamService,
    routes: (async (app) => {
      await app.register(identityRoutes({ accountService, storeService, teamService }));
      await app.register(partnerAccountRoutes(supplierAccountService));
    }) satisfies FastifyPluginAsyncZod,

    /**
     * What billing (issue 13) keeps in step: stores.plan_type (every plan gate reads it; cached
     * sessions are forgotten so the next request sees the new plan) and the seats in use (the
     * owner and every other member, invited or accepted).
     */
    billingStores: {
      async setPlanType(
        storeId: string,
        planType: PlanType,
        handle: Pick<Database, 'update'> = db,
      ): Promise<void> {
        const changed = await handle
          .update(stores)
          .set({ planType, updatedAt: clock.now() })
          .where(and(eq(stores.id, storeId), ne(stores.planType, planType)))
          .returning({ id: stores.id });
        if (changed.length > 0) sessionService.forgetAll();
      },
      async countSeatsInUse(storeId: string): Promise<number> {
        return 1 + (await repositories.team.countNonOwnerMembers(storeId));
      },
    },

    /**
     * Store titles, store and supplier member e-mails for other modules (chat summaries, offline chat
     * e-mail). A user's name travels in the actor.
     */
    directory: {
      async findStoreTitles(ids: readonly string[]): Promise<ReadonlyMap<string, string>> {
        const rows = await repositories.stores.findTitles(ids);
        return new Map(rows.map((row) => [row.id, row.title]));
      },
      /** Where a store's mail goes: its contact e-mail (undefined for an unknown store). */
      async findStoreEmail(storeId: string): Promise<string | undefined> {
        return (await repositories.stores.findById(storeId))?.email;
      },
      /** Where a supplier company's mail goes: its active members' sign-in e-mails. */
      async listSupplierMemberEmails(companyId: string): Promise<string[]> {
        return repositories.supplierMembers.listActiveEmails(companyId);
      },
    },

    /**
     * Resolves a bearer token to the acting user and store; throws `unauthenticated`, or
     * `forbidden` (reason `wrong_party`) for a supplier session.
     */
    async authenticate(
      token: string | undefined,
    ): Promise<{ actor: Actor; renewedToken?: string }> {
      // One query on the hot path of every request: session, e-mail, plan and role together.
      const { session, renewedToken } = await sessionService.authenticate(token, (found) => {
        if (found.storeId === null) throw supplierSessionRefused();
      });
      const actor = toActor(session);
      return renewedToken ? { actor, renewedToken } : { actor };
    },

    /**
     * Resolves a bearer token to a supplier company's member; throws `unauthenticated`, or
     * `forbidden` (reason `wrong_party`) for a store session.
     */
    async authenticateSupplier(
      token: string | undefined,
    ): Promise<{ supplierActor: SupplierActor; renewedToken?: string }> {
      const { session, renewedToken } = await sessionService.authenticate(token, (found) => {
        if (found.companyId === null) throw storeSessionRefused();
      });
      const supplierActor = toSupplierActor(session);
      return renewedToken ? { supplierActor, renewedToken } : { supplierActor };
    },

    /**
     * Who holds a realtime handshake's token (either party; never renewed there); throws
     * `unauthenticated` for an unknown, ended or expired session.
     */
    async authenticateSocket(token: string): Promise<SocketHolder> {
      // A handshake cannot return a renewed token, so it never renews one (the next HTTP call does).
      const { session } = await sessionService.authenticate(token, () => {}, { canRenew: false });
      if (session.storeId === null) {
        const { companyId, userId, name, sessionId } = toSupplierActor(session);
        return { kind: 'SUPPLIER', companyId, userId, name, sessionId };
      }
      const { storeId, userId, name, sessionId } = toActor(session);
      return { kind: 'STORE', storeId, userId, name, sessionId };
    },

    /** Either party's session (routes both sides use, such as file downloads). */
    async authenticateEither(
      token: string | undefined,
      options: { canRenew?: boolean } = {},
    ): Promise<({ actor: Actor } | { supplierActor: SupplierActor }) & { renewedToken?: string }> {
      const { session, renewedToken } = await sessionService.authenticate(token, () => {}, options);
      const caller =
        session.storeId === null
          ? { supplierActor: toSupplierActor(session) }
          : { actor: toActor(session) };
      return renewedToken ? { ...caller, renewedToken } : caller;
    },
  };
};
export type IdentityModule = ReturnType<typeof createIdentityModule>;
