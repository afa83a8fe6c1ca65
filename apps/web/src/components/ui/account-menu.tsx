import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type AccountMenuProps = {
  /** The person's name, or their e-mail when they have none. */
  displayName: string;
  /** The avatar's letters; `?` when empty. */
  initials: string;
  /** The avatar's picture, shown instead of the letters once loaded. */
  avatarSrc?: string | null;
  width: number;
  isBusy: boolean;
  /** The menu's labels and items. */
  children: ReactNode;
};

/** The header's account button (avatar, name) and the menu it opens. */
export const AccountMenu = ({
  displayName,
  initials,
  avatarSrc = null,
  width,
  isBusy,
  children,
}: AccountMenuProps) => (
  <Menu position="bottom-end" width={width} withinPortal>
    <Menu.Target>
      {/* Named by its content, so what a screen reader hears matches the screen (WCAG 2.5.3). */}
      <UnstyledButton data-testid="user-menu" disabled={isBusy}>
        <Group gap="xs" wrap="nowrap">
          <Avatar
            color="indigo"
            radius="xl"
            size="md"
            src={avatarSrc}
            alt=""
            aria-hidden
            data-testid="user-avatar"
          >
            {initials || '?'}
          </Avatar>
          <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
            {displayName}
          </Text>
          <VisuallyHidden>Account menu</VisuallyHidden>
          <IconChevronDown size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Menu.Target>
    <Menu.Dropdown>{children}</Menu.Dropdown>
  </Menu>
);
