import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { paths } from '@/config/paths';
import { hasSession } from '@/lib/api-client';

/** The frame of spec §2 public pages: the Atelier name and a way into the app. */
export const PublicLayout = () => {
  const navigateTo = useHrefNavigation();
  const target = hasSession()
    ? { href: paths.homebase, label: 'Open your store' }
    : { href: paths.login, label: 'Log in' };
  return (
    <Box mih="100vh" bg="gray.0">
      <Box
        component="header"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <Text fw={800} fz="lg" c="indigo.7">
              Atelier
            </Text>
            <Anchor href={target.href} onClick={navigateTo(target.href)} size="sm">
              {target.label}
            </Anchor>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="xl" component="main">
        <Outlet />
      </Container>
    </Box>
  );
};
