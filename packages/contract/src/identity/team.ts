import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { EmailSchema, IdSchema } from '../common/validation';
import { TeamRoleSchema } from './account';

export const TeamInviteStatusSchema = z.enum(['PENDING', 'ACCEPTED']);
export type TeamInviteStatus = z.infer<typeof TeamInviteStatusSchema>;

const TEAM_INVITE_STATUS_LABELS: Record<TeamInviteStatus, string> = {
  PENDING: 'Pending',
  ACCEPTED: 'Accepted',
};

/** The words a person reads for an invite's state, never the code ("ACCEPTED" → "Accepted"). */
export const teamInviteStatusLabel = (status: TeamInviteStatus): string =>
  TEAM_INVITE_STATUS_LABELS[status];

/** A team member of a store: invited by e-mail, PENDING until the invitee accepts. */
export const TeamMemberSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeTitle: z.string(),
  email: z.string(),
  role: TeamRoleSchema,
  status: TeamInviteStatusSchema,
  invitedAt: z.iso.datetime(),
  acceptedAt: z.iso.datetime().nullable(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const InviteTeamMemberInputSchema = z.object({
  email: EmailSchema,
  // The owner is whoever created the store; invites give ADMIN or CX.
  role: z.enum(['ADMIN', 'CX']),
});
export type InviteTeamMemberInput = z.infer<typeof InviteTeamMemberInputSchema>;

export const TeamMemberIdParamsSchema = z.object({ id: IdSchema });

export const listTeamMembers = defineEndpoint({
  method: 'GET',
  path: '/api/web/team-invites',
  response: z.object({ items: z.array(TeamMemberSchema) }),
  summary: "The store's team: the owner, accepted members and pending invites.",
  tags: ['identity'],
});

export const listReceivedTeamInvites = defineEndpoint({
  method: 'GET',
  path: '/api/web/team-invites/received',
  response: z.object({ items: z.array(TeamMemberSchema) }),
  summary: "Pending invites to other stores for the signed-in user's e-mail.",
  tags: ['identity'],
});

export const inviteTeamMember = defineEndpoint({
  method: 'POST',
  path: '/api/web/team-invites',
  body: InviteTeamMemberInputSchema,
  response: TeamMemberSchema,
  successStatus: 201,
  summary: 'Invite by e-mail (owner and admin; plan TIER_2_5 and up).',
  tags: ['identity'],
});

export const acceptTeamInvite = defineEndpoint({
  method: 'PUT',
  path: '/api/web/team-invites/:id/accept',
  params: TeamMemberIdParamsSchema,
  response: TeamMemberSchema,
  summary: "Accept an invite addressed to the signed-in user's e-mail.",
  tags: ['identity'],
});

export const cancelTeamInvite = defineEndpoint({
  method: 'DELETE',
  path: '/api/web/team-invites/:id',
  params: TeamMemberIdParamsSchema,
  response: z.object({ ok: z.literal(true) }),
  summary: 'Cancel a pending invite or remove a member (owner and admin).',
  tags: ['identity'],
});
