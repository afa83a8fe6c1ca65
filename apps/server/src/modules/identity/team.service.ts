import type { InviteTeamMemberInput, TeamMember } from '@atelier/contract/identity/team';
import { canHaveTeamMembers, PLAN_NAMES } from '@atelier/contract/identity/plans';
import type { Database } from '@/db/client';
import { requireRole, type Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { uniqueViolationConstraint } from '@/lib/db-errors';
import { newId } from '@/lib/ids';
import type { Notifier } from '@/modules/notifications';
import { createIdentityRepositories } from './identity.repositories';
import type { TeamMemberWithStore } from './team.repository';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Billing's check before an invite (issue 13): throws when the plan, a paused / unpaid
 * subscription or the seats (included + bought, owner counted) leave no room for one more member.
 * app.ts passes billing's, so identity does not import billing.
 */
export type TeamSeatsGate = {
  assertCanInvite(storeId: string, membersBesideOwner: number, db: Transaction): Promise<void>;
};

type TeamServiceDeps = {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  publicUrl: string;
  /** Called after a member leaves a team, so that remembered sessions are looked up again. */
  onMembershipChanged?: () => void;
  /** Billing's seat check (issue 13); without it only the plan and MAX_INVITED_MEMBERS limit invites. */
  teamSeats?: TeamSeatsGate;
};

/** Team seats past the owner, by plan (issue #2: more than one member only on TIER_2_5 and up). */
export const MAX_INVITED_MEMBERS = 50;

const toTeamMember = (row: TeamMemberWithStore): TeamMember => ({
  id: row.id,
  storeId: row.storeId,
  storeTitle: row.storeTitle,
  email: row.email,
  role: row.role,
  status: row.status,
  invitedAt: row.createdAt.toISOString(),
  acceptedAt: row.acceptedAt ? row.acceptedAt.toISOString() : null,
});

const alreadyInvited = () =>
  new AppError('conflict', 'This e-mail is already on the team or invited.', {
    reason: 'already_invited',
    details: [{ field: 'body.email', message: 'Already on the team or invited.' }],
  });

const notFound = () =>
  new AppError('not_found', 'No team invite with this id.', { reason: 'team_invite_not_found' });

export const createTeamService = ({
  db,
  clock,
  notifier,
  publicUrl,
  onMembershipChanged,
  teamSeats,
}: TeamServiceDeps) => {
  const repositories = createIdentityRepositories(db);

  return {
    async listTeamMembers(actor: Actor): Promise<TeamMember[]> {
      requireRole(actor, 'OWNER', 'ADMIN');
      return (await repositories.team.listByStore(actor.storeId)).map(toTeamMember);
    },

    async listReceivedInvites(actor: Actor): Promise<TeamMember[]> {
      return (await repositories.team.listPendingByEmail(actor.email)).map(toTeamMember);
    },

    /** Owner and admin invite ADMIN or CX members by e-mail; the invitee gets an e-mail. */
    async inviteTeamMember(actor: Actor, input: InviteTeamMemberInput): Promise<TeamMember> {
      requireRole(actor, 'OWNER', 'ADMIN');
      return db
        .transaction(async (tx) => {
          const repos = createIdentityRepositories(tx);
          const store = await repos.stores.findById(actor.storeId);
          if (!store) throw new AppError('not_found', 'Store not found.');
          if (!canHaveTeamMembers(store.planType)) {
            throw new AppError(
              'forbidden',
              `Team members come with the Scaling and Professional plans; this store is on ${PLAN_NAMES[store.planType]}.`,
              { reason: 'plan_has_no_team_seats' },
            );
          }
          if (await repos.team.findByStoreAndEmail(store.id, input.email)) throw alreadyInvited();
          const members = await repos.team.countNonOwnerMembers(store.id);
          if (teamSeats) await teamSeats.assertCanInvite(store.id, members, tx);
          if (members >= MAX_INVITED_MEMBERS) {
            throw new AppError(
              'unprocessable',
              `A team has at most ${MAX_INVITED_MEMBERS} members.`,
              {
                reason: 'team_full',
              },
            );
          }
          const now = clock.now();
          const row = await repos.team.insert({
            id: newId('tm'),
            storeId: store.id,
            email: input.email,
            role: input.role,
            status: 'PENDING',
            invitedByUserId: actor.userId,
            createdAt: now,
            updatedAt: now,
          });
          await notifier.sendEmail(
            {
              to: input.email,
              subject: `You are invited to join ${store.title} on Atelier`,
              body:
                `${actor.email} invited you to the team of ${store.title} as ${input.role}.\n\n` +
                `Log in or register with this e-mail at ${publicUrl}/account-info to accept.`,
              kind: 'team.invited',
              storeId: store.id,
            },
            tx,
          );
          return toTeamMember({ ...row, storeTitle: store.title });
        })
        .catch((error: unknown) => {
          // Two invites of one e-mail at once: the second finds the first only at insert.
          if (uniqueViolationConstraint(error) === 'team_members_store_email_key') {
            throw alreadyInvited();
          }
          throw error;
        });
    },

    /** Accepts an invite addressed to the actor's own e-mail. */
    async acceptTeamInvite(actor: Actor, inviteId: string): Promise<TeamMember> {
      const invite = await repositories.team.findById(inviteId);
      if (!invite || invite.email !== actor.email) throw notFound();
      if (invite.status === 'ACCEPTED') return toTeamMember(invite);
      const accepted = await repositories.team.accept(invite.id, actor.userId, clock.now());
      return toTeamMember({ ...accepted, storeTitle: invite.storeTitle });
    },

    /** Cancels a pending invite or removes a member; the owner can't be removed. */
    async cancelTeamInvite(actor: Actor, inviteId: string): Promise<void> {
      requireRole(actor, 'OWNER', 'ADMIN');
      const invite = await repositories.team.findById(inviteId);
      if (!invite || invite.storeId !== actor.storeId) throw notFound();
      if (invite.role === 'OWNER') {
        throw new AppError('unprocessable', "The store's owner can't be removed from the team.", {
          reason: 'owner_not_removable',
        });
      }
      if (actor.role === 'ADMIN' && invite.role === 'ADMIN' && invite.status === 'ACCEPTED') {
        throw new AppError('forbidden', 'Only the owner removes an admin.', {
          reason: 'role_not_allowed',
        });
      }
      await repositories.team.delete(invite.id);
      onMembershipChanged?.();
    },
  };
};
export type TeamService = ReturnType<typeof createTeamService>;
