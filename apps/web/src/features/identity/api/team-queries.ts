import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptTeamInvite,
  cancelTeamInvite,
  type InviteTeamMemberInput,
  inviteTeamMember,
  listReceivedTeamInvites,
  listTeamMembers,
} from '@atelier/contract/identity/team';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './account-queries';

export const teamKeys = {
  all: ['team'] as const,
  members: () => [...teamKeys.all, 'members'] as const,
  receivedInvites: () => [...teamKeys.all, 'received-invites'] as const,
};

export const teamMembersQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.members(),
    queryFn: ({ signal }) => callApi(listTeamMembers, { signal }),
  });

export const receivedInvitesQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.receivedInvites(),
    queryFn: ({ signal }) => callApi(listReceivedTeamInvites, { signal }),
  });

export const useTeamMembers = () => useQuery(teamMembersQueryOptions());
export const useReceivedInvites = () => useQuery(receivedInvitesQueryOptions());

export const useInviteTeamMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteTeamMemberInput) =>
      callApi(inviteTeamMember, { body, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members() }),
  });
};

export const useCancelTeamInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(cancelTeamInvite, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members() }),
  });
};

export const useAcceptTeamInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(acceptTeamInvite, { params: { id } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.receivedInvites() }),
        // The accepted store joins the user's memberships.
        queryClient.invalidateQueries({ queryKey: accountKeys.currentUser() }),
      ]);
    },
  });
};
