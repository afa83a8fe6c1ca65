import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type CurrentUser, teamRoleLabel } from '@atelier/contract/identity/account';
import { showSuccessToast } from '@/lib/notify';
import { useSwitchStore } from '../api/account-queries';
import { SectionCard } from './section-card';

/** The store this session acts for, and the other stores this user may switch to. */
export const StoresSection = ({ currentUser }: { currentUser: CurrentUser }) => {
  const switchStore = useSwitchStore();
  const otherStores = currentUser.memberships.filter(
    (membership) => membership.storeId !== currentUser.store.id,
  );

  return (
    <SectionCard id="stores" title="Your stores" description="Switch the store you are working in.">
      <Stack gap="xs">
        <Paper withBorder p="sm" radius="md" bg="indigo.0">
          <Group justify="space-between">
            <Text fw={600}>{currentUser.store.title}</Text>
            <Group gap="xs">
              <Badge variant="light" tt="none">
                {teamRoleLabel(currentUser.role)}
              </Badge>
              <Badge variant="filled" tt="none">
                Current
              </Badge>
            </Group>
          </Group>
        </Paper>
        {otherStores.map((membership) => (
          <Paper key={membership.storeId} withBorder p="sm" radius="md">
            <Group justify="space-between">
              <Text fw={600}>{membership.storeTitle}</Text>
              <Group gap="xs">
                <Badge variant="light" tt="none">
                  {teamRoleLabel(membership.role)}
                </Badge>
                <Button
                  size="xs"
                  variant="light"
                  loading={switchStore.isPending && switchStore.variables === membership.storeId}
                  onClick={() =>
                    switchStore.mutate(membership.storeId, {
                      onSuccess: (user) => showSuccessToast(`Now working in ${user.store.title}.`),
                    })
                  }
                >
                  Switch
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
        {otherStores.length === 0 ? (
          <Text size="sm" c="dimmed">
            You are not a member of any other store.
          </Text>
        ) : null}
      </Stack>
    </SectionCard>
  );
};
