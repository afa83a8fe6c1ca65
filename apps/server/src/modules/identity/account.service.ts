import type {
  CurrentUser,
  LoginInput,
  RegisterInput,
  Session,
} from '@atelier/contract/identity/account';
import type { Database } from '@/db/client';
import type { Actor, ClientInfo } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { uniqueViolationConstraint } from '@/lib/db-errors';
import { newId } from '@/lib/ids';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '@/lib/password';
import { DEFAULT_FEATURE_FLAGS, toCurrentUser } from './current-user';
import { createIdentityRepositories, type IdentityRepositories } from './identity.repositories';
import type { LoginThrottle } from './login-throttle';
import type { SessionService } from './session.service';
import type { SessionRow } from './session.repository';
import type { UserRow } from './user.repository';

type AccountServiceDeps = {
  db: Database;
  clock: Clock;
  /** The session service on a handle: the root database or the caller's transaction. */
  sessionService: (db: Database) => SessionService;
  loginThrottle: LoginThrottle;
  previewStoreIds: ReadonlySet<string>;
};

const emailTaken = () =>
  new AppError('conflict', 'An account with this e-mail already exists. Log in instead.', {
    reason: 'email_taken',
    details: [{ field: 'body.email', message: 'An account with this e-mail already exists.' }],
  });

/**
 * Runs an account insert; a registration racing another for the same e-mail loses with
 * `email_taken`, and one racing for the same username tries again with the next free one.
 */
export const withUniqueAccount = async <T>(insert: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await insert();
    } catch (error) {
      const constraint = uniqueViolationConstraint(error);
      if (constraint === 'users_email_key') throw emailTaken();
      if (constraint !== 'users_username_key' || attempt >= 5) throw error;
    }
  }
};

/** Same words for an unknown e-mail and a wrong password, so neither can be probed. */
export const INVALID_CREDENTIALS = 'The e-mail or password is incorrect.';

/**
 * The user the credentials sign in, through the login throttle (store and supplier logins):
 * `rate_limited` while throttled, `unauthenticated` (`invalid_credentials`) otherwise wrong. The
 * attempt is claimed (counted as a failure) before the password is checked, so simultaneous
 * attempts can't all slip through one check; a right password gives the claim back.
 */
export const verifyCredentials = async (
  { users, loginThrottle }: { users: IdentityRepositories['users']; loginThrottle: LoginThrottle },
  input: LoginInput,
  client: ClientInfo,
): Promise<UserRow> => {
  const attempt = await loginThrottle.claimAttempt(input.email, client.address);
  const user = await users.findByEmail(input.email);
  const isValid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !isValid) {
    throw new AppError('unauthenticated', INVALID_CREDENTIALS, {
      reason: 'invalid_credentials',
    });
  }
  await loginThrottle.recordSuccess(attempt);
  return user;
};

const usernameBase = (email: string) =>
  (email.split('@')[0] ?? 'user')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24) || 'user';

/** A free username derived from the e-mail's local part (`alice`, then `alice2`, …). */
export const pickUsername = async (repos: IdentityRepositories, email: string) => {
  const base = usernameBase(email);
  if (!(await repos.users.isUsernameTaken(base))) return base;
  for (let attempt = 2; ; attempt += 1) {
    const candidate = `${base}${attempt}`;
    if (!(await repos.users.isUsernameTaken(candidate))) return candidate;
  }
};

export const createAccountService = ({
  db,
  clock,
  sessionService,
  loginThrottle,
  previewStoreIds,
}: AccountServiceDeps) => {
  const repositories = createIdentityRepositories(db);

  const loadCurrentUser = async (
    userId: string,
    storeId: string,
    repos: IdentityRepositories = repositories,
  ): Promise<CurrentUser> => {
    // One query at a time: inside a transaction the handle is a single connection, and
    // node-postgres refuses overlapping queries on one client from pg 9 on.
    const user = await repos.users.findById(userId);
    const store = await repos.stores.findById(storeId);
    const membership = await repos.team.findAcceptedMembership(storeId, userId);
    const memberships = await repos.team.listAcceptedByUser(userId);
    if (!user || !store || !membership) {
      throw new AppError('unauthenticated', 'Your session is invalid. Please log in again.', {
        reason: 'session_invalid',
      });
    }
    return toCurrentUser(user, store, membership.role, memberships, previewStoreIds.has(store.id));
  };

  const toSession = (session: SessionRow, token: string, currentUser: CurrentUser): Session => ({
    token,
    idleExpiresAt: session.idleExpiresAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    currentUser,
  });

  const insertAccount = async (
    repos: IdentityRepositories,
    input: RegisterInput,
    passwordHash: string,
  ): Promise<{ userId: string; storeId: string }> => {
    if (await repos.users.findByEmail(input.email)) throw emailTaken();
    const now = clock.now();
    const user = await repos.users.insert({
      id: newId('usr'),
      email: input.email,
      passwordHash,
      name: input.name?.trim() || null,
      username: await pickUsername(repos, input.email),
      createdAt: now,
      updatedAt: now,
    });
    const store = await repos.stores.insert({
      id: newId('sto'),
      ownerUserId: user.id,
      title: input.storeTitle,
      email: input.email,
      planType: 'TIER_1',
      accountType: input.accountType,
      usageStyle: input.usageStyle,
      featureFlags: DEFAULT_FEATURE_FLAGS,
      createdAt: now,
      updatedAt: now,
    });
    await repos.team.insert({
      id: newId('tm'),
      storeId: store.id,
      email: input.email,
      userId: user.id,
      role: 'OWNER',
      status: 'ACCEPTED',
      acceptedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return { userId: user.id, storeId: store.id };
  };

  return {
    loadCurrentUser,

    /** Creates the user, their store (plan TIER_1) and owner membership; no session. */
    async createAccount(input: RegisterInput): Promise<{ userId: string; storeId: string }> {
      const passwordHash = await hashPassword(input.password);
      return withUniqueAccount(() =>
        db.transaction(async (tx) =>
          insertAccount(createIdentityRepositories(tx), input, passwordHash),
        ),
      );
    },

    /** Spec §6 registration: creates the account and starts a session in one transaction. */
    async register(input: RegisterInput, client: ClientInfo): Promise<Session> {
      const passwordHash = await hashPassword(input.password);
      return withUniqueAccount(() =>
        db.transaction(async (tx) => {
          const repos = createIdentityRepositories(tx);
          const { userId, storeId } = await insertAccount(repos, input, passwordHash);
          const { session, token } = await sessionService(tx).startSession(userId, storeId, client);
          return toSession(session, token, await loadCurrentUser(userId, storeId, repos));
        }),
      );
    },

    /** Throws `unauthenticated` for bad credentials, `rate_limited` while throttled. */
    async login(input: LoginInput, client: ClientInfo): Promise<Session> {
      const user = await verifyCredentials(
        { users: repositories.users, loginThrottle },
        input,
        client,
      );
      const memberships = await repositories.team.listAcceptedByUser(user.id);
      // The user's own store first; an invited-only user lands in the store they joined first.
      const own = memberships.find((membership) => membership.role === 'OWNER');
      const storeId = (own ?? memberships[0])?.storeId;
      if (!storeId) {
        throw new AppError('forbidden', 'This account is not a member of any store.', {
          reason: 'no_store',
        });
      }
      const { session, token } = await sessionService(db).startSession(user.id, storeId, client);
      return toSession(session, token, await loadCurrentUser(user.id, storeId));
    },

    async logout(actor: Actor): Promise<void> {
      await sessionService(db).endSession(actor.sessionId);
    },

    async switchStore(actor: Actor, storeId: string): Promise<CurrentUser> {
      const membership = await repositories.team.findAcceptedMembership(storeId, actor.userId);
      if (!membership) {
        throw new AppError('not_found', 'No store with this id among your memberships.', {
          reason: 'store_not_found',
        });
      }
      await sessionService(db).switchStore(actor.sessionId, storeId);
      return loadCurrentUser(actor.userId, storeId);
    },
  };
};
export type AccountService = ReturnType<typeof createAccountService>;
