import { AppShell, Badge, Box, Button, Group, Text } from '@mantine/core';
import {
  IconBuildingFactory2,
  IconFileInvoice,
  IconId,
  IconInbox,
  IconPackage,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CurrentSupplier } from '@atelier/contract/identity/partner-account';
import { AccountMenu, logOutEntries } from '@/components/ui/account-menu';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { paths } from '@/config/paths';

type PartnerShellProps = {
  currentSupplier: CurrentSupplier;
  /** The company's unread total from the chat; `undefined` while not known. */
  unreadTotal: number | undefined;
  isInboxActive: boolean;
  isInvoicesActive?: boolean;
  isOrdersActive?: boolean;
  isProfileActive?: boolean;
  onLogOut: () => void;
  isBusy: boolean;
  children: ReactNode;
};

// Invited suppliers often have no name yet, so the e-mail's parts give the initials.
const initialsOf = (text: string): string =>
  text
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

const formatUnread = (count: number): string => (count > 99 ? '99+' : String(count));

// On a phone the header's links show their icons only, so none is cut ("Inbo", "Profi").
const NavButtonLabel = ({ icon, children }: { icon: ReactNode; children: string }) => (
  <Group component="span" gap={8} wrap="nowrap">
    {icon}
    <Text span inherit visibleFrom="xs">
      {children}
    </Text>
  </Group>
);

// On a phone the links are icons only: narrow buttons keep the five of them on one row.
const NAV_BUTTON_PADDING = { base: 8, xs: 'md' } as const;

type NavButtonProps = { href: string; isActive: boolean; icon: ReactNode; children: string };

const NavButton = ({ href, isActive, icon, children }: NavButtonProps) => {
  const navigateTo = useHrefNavigation();
  return (
    <Button
      component="a"
      href={href}
      onClick={navigateTo(href)}
      variant={isActive ? 'light' : 'subtle'}
      px={NAV_BUTTON_PADDING}
      aria-current={isActive ? 'page' : undefined}
      aria-label={children}
    >
      <NavButtonLabel icon={icon}>{children}</NavButtonLabel>
    </Button>
  );
};

/**
 * The supplier workspace's frame: brand, company, the inbox link with its unread count, invoices,
 * orders, profile, account.
 */
export const PartnerShell = ({
  currentSupplier,
  unreadTotal,
  isInboxActive,
  isInvoicesActive = false,
  isOrdersActive = false,
  isProfileActive = false,
  onLogOut,
  isBusy,
  children,
}: PartnerShellProps) => {
  const navigateTo = useHrefNavigation();
  const { user, company: supplier } = currentSupplier;
  const displayName = user.name ?? user.email;
  const hasUnread = unreadTotal !== undefined && unreadTotal > 0;

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="md" wrap="nowrap" miw={0}>
            <Box miw={0}>
              <Text
                component="a"
                href={paths.partnerInbox}
                onClick={navigateTo(paths.partnerInbox)}
                fw={700}
                fz="lg"
                c="indigo.7"
                lh={1.2}
                style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}
              >
                Atelier{' '}
                <Text span inherit visibleFrom="xs">
                  for suppliers
                </Text>
              </Text>
              <Text size="xs" c="dimmed" hiddenFrom="xs">
                for suppliers
              </Text>
              <Group gap={4} wrap="nowrap" c="dimmed" visibleFrom="sm">
                <IconBuildingFactory2 size={14} aria-hidden />
                <Text size="xs" truncate maw={{ base: 240, md: 380 }} data-testid="partner-company">
                  {supplier.name}
                </Text>
              </Group>
            </Box>
            <Group component="nav" aria-label="Workspace" gap={4} wrap="nowrap">
              <Button
                component="a"
                href={paths.partnerInbox}
                onClick={navigateTo(paths.partnerInbox)}
                variant={isInboxActive ? 'light' : 'subtle'}
                rightSection={
                  hasUnread ? (
                    <Badge
                      size="sm"
                      circle={unreadTotal < 10}
                      color="red"
                      data-testid="unread-total"
                    >
                      {formatUnread(unreadTotal)}
                    </Badge>
                  ) : null
                }
                px={NAV_BUTTON_PADDING}
                aria-current={isInboxActive ? 'page' : undefined}
                aria-label={hasUnread ? `Inbox, ${unreadTotal} unread` : 'Inbox'}
              >
                <NavButtonLabel icon={<IconInbox size={18} aria-hidden />}>Inbox</NavButtonLabel>
              </Button>
              <NavButton
                href={paths.partnerInvoices}
                isActive={isInvoicesActive}
                icon={<IconFileInvoice size={18} aria-hidden />}
              >
                Invoices
              </NavButton>
              <NavButton
                href={paths.partnerOrders}
                isActive={isOrdersActive}
                icon={<IconPackage size={18} aria-hidden />}
              >
                Orders
              </NavButton>
              <NavButton
                href={paths.partnerProfile}
                isActive={isProfileActive}
                icon={<IconId size={18} aria-hidden />}
              >
                Profile
              </NavButton>
            </Group>
          </Group>
          <AccountMenu
            displayName={displayName}
            initials={initialsOf(displayName)}
            width={280}
            isBusy={isBusy}
            entries={[
              { kind: 'label', key: 'email', content: user.email },
              {
                kind: 'label',
                key: 'supplier',
                content: (
                  <Group gap={4} wrap="nowrap" align="flex-start">
                    <IconBuildingFactory2 size={14} aria-hidden style={{ flexShrink: 0 }} />
                    <Text size="xs" inherit>
                      {supplier.name}
                    </Text>
                  </Group>
                ),
              },
              ...logOutEntries(onLogOut),
            ]}
          />
        </Group>
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
};
