import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

export type AccountMenuButtonProps = {
  /** The person's name, or their e-mail when they have none. */
  displayName: string;
  /** The avatar's letters; `?` when empty. */
  initials: string;
  /** The avatar's picture, shown instead of the letters once loaded. */
  avatarSrc: string | null;
  isBusy: boolean;
};

/**
 * The header's account button (avatar, name). The same element before and after the menu's
 * code has loaded; the menu's own props (aria-expanded, handlers, ref) pass through.
 */
export const AccountMenuButton = ({
  displayName,
  initials,
  avatarSrc,
  isBusy,
  ...buttonProps
}: AccountMenuButtonProps & Omit<ComponentPropsWithRef<'button'>, 'children'>) => (
  // Named by its content, so what a screen reader hears matches the screen (WCAG 2.5.3).
  <UnstyledButton {...buttonProps} data-testid="user-menu" disabled={isBusy}>
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
);
