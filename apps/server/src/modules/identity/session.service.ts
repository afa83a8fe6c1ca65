import { LRUCache } from 'lru-cache';
import type { Clock } from '@/lib/clock';
import { AppError } from '@/lib/app-error';
import type { ClientInfo } from '@/lib/actor';
import { newId } from '@/lib/ids';
import type { SessionPrincipal, SessionRepository, SessionRow } from './session.repository';
import { hashToken, newToken } from '@/lib/tokens';

export type SessionSettings = {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
  renewAfterMs: number;
  /**
   * How long a looked-up session is reused in this process without asking the database (0: never).
   * Logout, store switches and team changes in this process drop it at once; other processes of
   * a scaled-out deployment see them within this time.
   */
  cacheTtlMs: number;
};

/**
 * How many open sessions one user keeps (store and supplier sessions together). A login past it
 * ends the user's oldest sessions, as a logout would, so scripted or forgotten logins can't pile
 * up sessions without bound (issue 9). The spec names no number; ten covers a person's devices
 * and browsers with room to spare.
 */
export const MAX_SESSIONS_PER_USER = 10;
/** A replaced token keeps working this long, so requests already in flight still succeed. */
export const RENEWAL_GRACE_MS = 60_000;
/** Sliding the idle expiry costs a write; do it at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;
/** 256 random bits, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const invalidSession = () =>
  new AppError('unauthenticated', 'Your session is invalid. Please log in again.', {
    reason: 'session_invalid',
  });
const expiredSession = () =>
  new AppError('unauthenticated', 'Your session has expired. Please log in again.', {
    reason: 'session_expired',
  });

export type IssuedSession = {
  session: SessionRow;
  token: string;
  /** The user's oldest sessions this start ended (beyond `MAX_SESSIONS_PER_USER`). */
  endedSessionIds: string[];
};
export type AuthenticatedSession = {
  session: SessionRow & { principal: SessionPrincipal };
  renewedToken: string | undefined;
};

/**
 * Opaque bearer sessions: 256-bit tokens stored only as SHA-256 hashes, with an idle expiry that
 * slides with use and an absolute expiry that never moves. A token older than `renewAfterMs` is
 * replaced, and the new one is handed back for the response header (spec §7).
 */
/** The sessions a process has looked up recently, by token hash (see `cacheTtlMs`). */
export const createSessionCache = (ttlMs: number) =>
  new LRUCache<string, SessionRow & { principal: SessionPrincipal }>({
    max: 10_000,
    ttl: Math.max(ttlMs, 1),
  });
export type SessionCache = ReturnType<typeof createSessionCache>;

const forgetSession = (cache: SessionCache, sessionId: string) => {
  for (const [hash, session] of cache.entries()) {
    if (session.id === sessionId) cache.delete(hash);
  }
};

export const createSessionService = (
  repository: SessionRepository,
  clock: Clock,
  settings: SessionSettings,
  cache: SessionCache = createSessionCache(settings.cacheTtlMs),
) => {
  const start = async (
    userId: string,
    party: { storeId: string; companyId: null } | { storeId: null; companyId: string },
    client: ClientInfo,
  ): Promise<IssuedSession> => {
    const now = clock.now();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + settings.absoluteTimeoutMs);
    await repository.lockUserSessions(userId);
    const session = await repository.insert({
      id: newId('ses'),
      userId,
      ...party,
      tokenHash: hashToken(token),
      tokenIssuedAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(
        Math.min(now.getTime() + settings.idleTimeoutMs, expiresAt.getTime()),
      ),
      expiresAt,
      clientAddress: client.address,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
      updatedAt: now,
    });
    const endedSessionIds = await repository.endOldest(userId, {
      keptId: session.id,
      keep: MAX_SESSIONS_PER_USER - 1,
      now,
    });
    for (const sessionId of endedSessionIds) forgetSession(cache, sessionId);
    return { session, token, endedSessionIds };
  };

  return {
    /**
     * Starts a store session; the user's oldest sessions beyond `MAX_SESSIONS_PER_USER` end (their
     * ids come back to be announced). Run it in a transaction: it locks the user's sessions.
     */
    async startSession(
      userId: string,
      storeId: string,
      client: ClientInfo,
    ): Promise<IssuedSession> {
      return start(userId, { storeId, companyId: null }, client);
    },

    /** A session of a supplier company's member: it works only on the partner routes. Capped too. */
    async startSupplierSession(
      userId: string,
      companyId: string,
      client: ClientInfo,
    ): Promise<IssuedSession> {
      return start(userId, { storeId: null, companyId }, client);
    },

    /**
     * Throws `unauthenticated` (reason session_invalid or session_expired) for a bad token.
     * `check` runs before the token is renewed or touched, so a session it refuses (a supplier
     * session on a store route) keeps its token. `canRenew: false` is for callers that cannot
     * hand a new token back (a socket handshake): the token then stays as it is.
     */
    async authenticate(
      token: string | undefined,
      check: (session: SessionRow & { principal: SessionPrincipal }) => void = () => {},
      { canRenew = true }: { canRenew?: boolean } = {},
    ): Promise<AuthenticatedSession> {
      if (!token || !TOKEN_PATTERN.test(token)) throw invalidSession();
      const now = clock.now();
      const tokenHash = hashToken(token);
      const cached = settings.cacheTtlMs > 0 ? cache.get(tokenHash) : undefined;
      const session = cached ?? (await repository.findByTokenHash(tokenHash, now));
      if (!session) throw invalidSession();
      // Only a current token is remembered; one inside its renewal grace always asks the database.
      if (!cached && settings.cacheTtlMs > 0 && session.tokenHash === tokenHash) {
        cache.set(tokenHash, session);
      }
      if (session.expiresAt <= now || session.idleExpiresAt <= now) throw expiredSession();
      check(session);

      const idleExpiresAt = new Date(
        Math.min(now.getTime() + settings.idleTimeoutMs, session.expiresAt.getTime()),
      );
      const isCurrentToken = session.tokenHash === tokenHash;
      let renewedToken: string | undefined;
      if (
        canRenew &&
        isCurrentToken &&
        now.getTime() - session.tokenIssuedAt.getTime() >= settings.renewAfterMs
      ) {
        const candidate = newToken();
        const isRotated = await repository.rotateToken(session.id, tokenHash, {
          tokenHash: hashToken(candidate),
          previousTokenHash: tokenHash,
          previousTokenValidUntil: new Date(now.getTime() + RENEWAL_GRACE_MS),
          tokenIssuedAt: now,
        });
        if (isRotated) renewedToken = candidate;
        cache.delete(tokenHash);
      }
      if (renewedToken || now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await repository.update(session.id, { lastSeenAt: now, idleExpiresAt });
        session.lastSeenAt = now;
        session.idleExpiresAt = idleExpiresAt;
      }
      return { session, renewedToken };
    },

    async switchStore(sessionId: string, storeId: string): Promise<void> {
      await repository.update(sessionId, { storeId });
      forgetSession(cache, sessionId);
    },

    /** Drops every remembered session: after a change of roles, team membership or a name. */
    forgetAll(): void {
      cache.clear();
    },

    async endSession(sessionId: string): Promise<void> {
      await repository.end(sessionId, clock.now());
      forgetSession(cache, sessionId);
    },
  };
};
export type SessionService = ReturnType<typeof createSessionService>;
