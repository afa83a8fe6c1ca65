import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatRelativeTime } from '@atelier/contract/common/format';
import { type TeamRole, teamRoleLabel } from '@atelier/contract/identity/account';
import { canHaveTeamMembers, PLAN_NAMES, type PlanType } from '@atelier/contract/identity/plans';
import {
  type InviteTeamMemberInput,
  InviteTeamMemberInputSchema,
  type TeamMember,
  teamInviteStatusLabel,
} from '@atelier/contract/identity/team';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { LoadError } from '@/components/ui/load-error';
import { showSuccessToast } from '@/lib/notify';
import { useCancelTeamInvite, useInviteTeamMember, useTeamMembers } from '../api/team-queries';
import { SectionCard } from './section-card';

type InviteRole = InviteTeamMemberInput['role'];

const ROLE_OPTIONS: { value: InviteRole; label: string }[] = [
  { value: 'ADMIN', label: teamRoleLabel('ADMIN') },
  { value: 'CX', label: teamRoleLabel('CX') },
];

const ROLE_HINTS: Record<InviteRole, string> = {
  ADMIN: 'Admins work across the whole store.',
  CX: 'Customer experience members see only Fulfillment and the AI Business Partner.',
};

/** The smallest plan that allows a team (spec §6 / issue #2: TIER_2_5 and up). */
const TEAM_PLAN: PlanType = 'TIER_2_5';

type TeamSectionProps = { planType: PlanType; role: TeamRole; userEmail: string };

const InviteForm = ({ isAllowed }: { isAllowed: boolean }) => {
  const invite = useInviteTeamMember();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof InviteTeamMemberInputSchema>, unknown, InviteTeamMemberInput>(
    {
      resolver: zodResolver(InviteTeamMemberInputSchema),
      defaultValues: { email: '', role: 'ADMIN' },
    },
  );
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await invite.mutateAsync(values);
      form.reset({ email: '', role: values.role });
      showSuccessToast(`Invite sent to ${values.email}.`);
    } catch (error) {
      setFormError(applyServerErrors(error, ['email', 'role'], form.setError));
    }
  });

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label="Invite a team member"
    >
      <fieldset disabled={!isAllowed} style={{ border: 0, padding: 0, margin: 0 }}>
        <FormErrorAlert message={formError} mb="sm" />
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label="Invite by e-mail"
            type="email"
            placeholder="teammate@example.com"
            {...form.register('email')}
            error={errors.email?.message}
            flex={1}
            miw={220}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label="Role"
                data={ROLE_OPTIONS}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
                disabled={!isAllowed}
                error={errors.role?.message}
                w={{ base: '100%', sm: 140 }}
              />
            )}
          />
          <Button type="submit" mt={25} loading={invite.isPending}>
            Send invite
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt={6}>
          {ROLE_HINTS[role]}
        </Text>
      </fieldset>
    </form>
  );
};

const canRemove = (actorRole: TeamRole, member: TeamMember): boolean => {
  if (member.role === 'OWNER' || actorRole === 'CX') return false;
  // Only the owner removes an admin.
  return member.role !== 'ADMIN' || actorRole === 'OWNER';
};

/** Team members of spec §6: list, invite (ADMIN or CX), cancel a pending invite. */
export const TeamSection = ({ planType, role, userEmail }: TeamSectionProps) => {
  const members = useTeamMembers();
  const cancel = useCancelTeamInvite();
  const [memberToRemove, setMemberToRemove] = useState<TeamMember | null>(null);
  const isTeamPlan = canHaveTeamMembers(planType);
  const canManage = role === 'OWNER' || role === 'ADMIN';

  const handleConfirmRemove = () => {
    if (!memberToRemove) return;
    const { email, status } = memberToRemove;
    cancel.mutate(memberToRemove.id, {
      onSuccess: () => {
        showSuccessToast(
          status === 'PENDING' ? `Invite to ${email} cancelled.` : `${email} removed.`,
        );
        setMemberToRemove(null);
      },
    });
  };

  const isPendingInvite = memberToRemove?.status === 'PENDING';

  return (
    <SectionCard
      id="team"
      title="Team"
      description="People who work in this store with you. Customer experience members see only Fulfillment and the AI Business Partner."
    >
      {!isTeamPlan ? (
        <Alert color="gray" icon={<IconUsers size={18} />} data-testid="team-plan-note">
          Team members come with the {PLAN_NAMES[TEAM_PLAN]} plan and up. This store is on the{' '}
          {PLAN_NAMES[planType]} plan, so it has its owner only.
        </Alert>
      ) : null}

      {members.isPending ? (
        <Stack gap="xs" aria-label="Loading team members">
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : members.isError ? (
        <LoadError message="The team could not be loaded." onRetry={() => void members.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" data-testid="team-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th w={110}>Status</Table.Th>
                <Table.Th w={120}>Invited</Table.Th>
                {canManage ? <Table.Th aria-label="Actions" /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.items.map((member) => (
                <Table.Tr key={member.id} data-email={member.email}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {member.email}
                    {member.email === userEmail ? (
                      <Text span c="dimmed" size="sm">
                        {' '}
                        (you)
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{teamRoleLabel(member.role)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge
                      variant="light"
                      tt="none"
                      color={member.status === 'ACCEPTED' ? 'teal' : 'yellow'}
                    >
                      {teamInviteStatusLabel(member.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" title={member.invitedAt}>
                      {formatRelativeTime(member.invitedAt)}
                    </Text>
                  </Table.Td>
                  {canManage ? (
                    <Table.Td ta="right">
                      {canRemove(role, member) ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setMemberToRemove(member)}
                          aria-label={
                            member.status === 'PENDING'
                              ? `Cancel the invite to ${member.email}`
                              : `Remove ${member.email}`
                          }
                        >
                          {member.status === 'PENDING' ? 'Cancel invite' : 'Remove'}
                        </Button>
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {canManage ? <InviteForm isAllowed={isTeamPlan} /> : null}

      <Modal
        opened={memberToRemove !== null}
        onClose={() => setMemberToRemove(null)}
        title={isPendingInvite ? 'Cancel this invite?' : 'Remove this member?'}
        centered
      >
        <Text size="sm">
          {isPendingInvite
            ? `${memberToRemove?.email} will no longer be able to join this store with this invite.`
            : `${memberToRemove?.email} will lose access to this store.`}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setMemberToRemove(null)} data-autofocus>
            {isPendingInvite ? 'Keep invite' : 'Keep member'}
          </Button>
          <Button color="red" onClick={handleConfirmRemove} loading={cancel.isPending}>
            {isPendingInvite ? 'Cancel invite' : 'Remove member'}
          </Button>
        </Group>
      </Modal>
    </SectionCard>
  );
};
