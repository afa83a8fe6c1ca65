import type { LoginInput } from '@atelier/contract/identity/account';
import type {
  AcceptSupplierInviteInput,
  CurrentSupplier,
  SupplierSession,
} from '@atelier/contract/identity/partner-account';
import type { Database } from '@/db/client';
import type { ClientInfo, SupplierActor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { hashPassword, verifyPassword } from '@/lib/password';
import { pickUsername, verifyCredentials, withUniqueAccount } from './account.service';
import { createIdentityRepositories } from './identity.repositories';
import type { LoginThrottle } from './login-throttle';
import type { SessionRow } from './session.repository';
import type { SessionService } from './session.service';
import type { UserRow } from './user.repository';
import type { CatalogModule } from '@/modules/catalog';
import { hashToken, newToken } from '@/lib/tokens';

/** How long an invitation link works. */
export const SUPPLIER_INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Catalog company names, from the catalog module (undefined: no such company). */
/** Catalog company names, from the catalog module. */
export type SupplierDirectory = Pick<CatalogModule['supplierDirectory'], 'findSupplierName'>;

type SupplierAccountDeps = {
  db: Database;
  clock: Clock;
  /** The session service on a handle: the root database or the caller's transaction. */
  sessionService: (db: Database) => SessionService;
  loginThrottle: LoginThrottle;
  suppliers: SupplierDirectory;
  publicUrl: string;
};

const toCurrentSupplier = (
  user: UserRow,
  supplier: { id: string; name: string },
): CurrentSupplier => ({
  user: { id: user.id, email: user.email, name: user.name, username: user.username },
  company: supplier,
});

const sessionInvalid = () =>
  new AppError('unauthenticated', 'Your session is invalid. Please log in again.', {
    reason: 'session_invalid',
  });

/** Platform invitations of supplier members (the `supplier:invite` CLI and the demo seed). */
export const createSupplierInvitations = ({
  db,
  clock,
  suppliers,
  publicUrl,
}: Pick<SupplierAccountDeps, 'db' | 'clock' | 'suppliers' | 'publicUrl'>) => {
  const repositories = createIdentityRepositories(db);

  const companyName = async (companyId: string) => {
    const name = await suppliers.findSupplierName(companyId);
    if (name === undefined) {
      throw new AppError('not_found', `No supplier company with id ${companyId}.`, {
        reason: 'company_not_found',
      });
    }
    return name;
  };

  return {
    /**
     * Invites `email` to the company and returns the link `${PUBLIC_URL}/partner/accept-invite
     * ?token=…` (256-bit token, stored hashed, valid 7 days). Inviting again replaces the token;
     * an already active member is a `conflict`. `email` must already be normalised (lower case).
     */
    async invite(
      companyId: string,
      email: string,
    ): Promise<{ memberId: string; companyName: string; link: string; expiresAt: Date }> {
      const name = await companyName(companyId);
      const existing = await repositories.supplierMembers.findBySupplierAndEmail(companyId, email);
      if (existing?.status === 'ACTIVE') {
        throw new AppError('conflict', `${email} is already an active member of ${name}.`, {
          reason: 'supplier_member_active',
        });
      }
      const now = clock.now();
      const token = newToken();
      const expiresAt = new Date(now.getTime() + SUPPLIER_INVITE_TTL_MS);
      const member = await repositories.supplierMembers.upsertInvitation({
        id: newId('spm'),
        companyId,
        email,
        inviteTokenHash: hashToken(token),
        inviteExpiresAt: expiresAt,
        createdAt: now,
      });
      const link = `${publicUrl.replace(/\/+$/, '')}/partner/accept-invite?token=${token}`;
      return { memberId: member.id, companyName: name, link, expiresAt };
    },
  };
};
export type SupplierInvitations = ReturnType<typeof createSupplierInvitations>;

/**
 * Supplier accounts (issue 4 "Parties"): the platform invites a person of a catalog company (CLI
 * `npm run supplier:invite`); the invitation link sets their password and starts a supplier
 * session. Supplier people are ordinary `users` rows; their sessions carry the company instead
 * of a store and work only on the partner routes.
 */
export const createSupplierAccountService = ({
  db,
  clock,
  sessionService,
  loginThrottle,
  suppliers,
  publicUrl,
}: SupplierAccountDeps) => {
  const repositories = createIdentityRepositories(db);
  const invitations = createSupplierInvitations({ db, clock, suppliers, publicUrl });

  const loadCurrentSupplier = async (
    userId: string,
    companyId: string,
  ): Promise<CurrentSupplier> => {
    const user = await repositories.users.findById(userId);
    const name = await suppliers.findSupplierName(companyId);
    if (!user || name === undefined) throw sessionInvalid();
    return toCurrentSupplier(user, { id: companyId, name });
  };

  const toSession = (
    session: SessionRow,
    token: string,
    currentSupplier: CurrentSupplier,
  ): SupplierSession => ({
    token,
    idleExpiresAt: session.idleExpiresAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    currentSupplier,
  });

  return {
    loadCurrentSupplier,

    invite: (companyId: string, email: string) => invitations.invite(companyId, email),

    /**
     * Accepts an invitation: 404 `invite_not_found` for an unknown or already used token, 400
     * `invite_expired` after 7 days. A new e-mail gets a user with this password; an e-mail that
     * already has an account is linked only when `password` is that account's password (401
     * `invalid_credentials` otherwise, throttled like a login).
     */
    async acceptInvite(
      input: AcceptSupplierInviteInput,
      client: ClientInfo,
    ): Promise<SupplierSession> {
      const tokenHash = hashToken(input.token);
      const member = await repositories.supplierMembers.findByInviteTokenHash(tokenHash);
      if (!member || member.status !== 'INVITED') {
        throw new AppError('not_found', 'This invitation link is not valid or was already used.', {
          reason: 'invite_not_found',
        });
      }
      const now = clock.now();
      if (!member.inviteExpiresAt || member.inviteExpiresAt <= now) {
        throw new AppError(
          'bad_request',
          'This invitation has expired. Ask the Atelier team for a new one.',
          { reason: 'invite_expired' },
        );
      }
      const existingUser = await repositories.users.findByEmail(member.email);
      if (existingUser) {
        const attempt = await loginThrottle.claimAttempt(member.email, client.address);
        if (!(await verifyPassword(existingUser.passwordHash, input.password))) {
          throw new AppError(
            'unauthenticated',
            'An Atelier account with this e-mail already exists: enter its password to link it.',
            { reason: 'invalid_credentials' },
          );
        }
        await loginThrottle.recordSuccess(attempt);
      }
      // Read before the transaction: on PGlite the root handle waits for an open transaction.
      const companyName = await suppliers.findSupplierName(member.companyId);
      if (companyName === undefined) {
        throw new AppError('not_found', 'This invitation link is not valid or was already used.', {
          reason: 'invite_not_found',
        });
      }
      const passwordHash = existingUser ? undefined : await hashPassword(input.password);
      return withUniqueAccount(() =>
        db.transaction(async (tx) => {
          const repos = createIdentityRepositories(tx);
          let user = existingUser;
          if (!user) {
            user = await repos.users.insert({
              id: newId('usr'),
              email: member.email,
              passwordHash: passwordHash!,
              name: input.name?.trim() || null,
              username: await pickUsername(repos, member.email),
              createdAt: now,
              updatedAt: now,
            });
          }
          const userId = user.id;
          const isActivated = await repos.supplierMembers.activate(member.id, tokenHash, {
            userId,
            acceptedAt: now,
          });
          if (!isActivated) {
            throw new AppError('not_found', 'This invitation link was already used.', {
              reason: 'invite_not_found',
            });
          }
          const { session, token } = await sessionService(tx).startSupplierSession(
            userId,
            member.companyId,
            client,
          );
          return toSession(
            session,
            token,
            toCurrentSupplier(user, { id: member.companyId, name: companyName }),
          );
        }),
      );
    },

    /** Like the store login (same throttle), for users with an active supplier membership. */
    async login(input: LoginInput, client: ClientInfo): Promise<SupplierSession> {
      const user = await verifyCredentials(
        { users: repositories.users, loginThrottle },
        input,
        client,
      );
      const membership = await repositories.supplierMembers.findActiveByUser(user.id);
      if (!membership) {
        throw new AppError(
          'forbidden',
          'This account is not a member of any supplier company. Store accounts log in at /login.',
          { reason: 'no_supplier_membership' },
        );
      }
      const { session, token } = await sessionService(db).startSupplierSession(
        user.id,
        membership.companyId,
        client,
      );
      return toSession(session, token, await loadCurrentSupplier(user.id, membership.companyId));
    },

    async logout(actor: SupplierActor): Promise<void> {
      await sessionService(db).endSession(actor.sessionId);
    },
  };
};
export type SupplierAccountService = ReturnType<typeof createSupplierAccountService>;
