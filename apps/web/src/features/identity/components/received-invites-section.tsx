import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatRelativeTime } from '@atelier/contract/common/format';
import { teamRoleLabel } from '@atelier/contract/identity/account';
import { LoadError } from '@/components/ui/load-error';
import { showSuccessToast } from '@/lib/notify';
import { useAcceptTeamInvite, useReceivedInvites } from '../api/team-queries';
import { SectionCard } from './section-card';

/** Pending invites to other stores, addressed to the signed-in user's e-mail. */
export const ReceivedInvitesSection = () => {
  const invites = useReceivedInvites();
  const accept = useAcceptTeamInvite();

  return (
    <SectionCard
      id="invites"
      title="Invites for you"
      description="Stores that invited your e-mail to their team. Once you accept, you can switch to them."
    >
      {invites.isPending ? (
        <Skeleton h={56} aria-label="Loading invites" />
      ) : invites.isError ? (
        <LoadError
          message="Your invites could not be loaded."
          onRetry={() => void invites.refetch()}
        />
      ) : invites.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No pending invites for your e-mail.
        </Text>
      ) : (
        <Stack gap="xs">
          {invites.data.items.map((invite) => (
            <Paper key={invite.id} withBorder p="sm" radius="md" data-testid="received-invite">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={0}>
                  <Text fw={600}>{invite.storeTitle}</Text>
                  <Text size="xs" c="dimmed">
                    Invited {formatRelativeTime(invite.invitedAt)}
                  </Text>
                </Stack>
                <Group gap="sm">
                  <Badge variant="light" tt="none">
                    {teamRoleLabel(invite.role)}
                  </Badge>
                  <Button
                    size="xs"
                    loading={accept.isPending && accept.variables === invite.id}
                    onClick={() =>
                      accept.mutate(invite.id, {
                        onSuccess: () => showSuccessToast(`You joined ${invite.storeTitle}.`),
                      })
                    }
                  >
                    Accept
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
};
