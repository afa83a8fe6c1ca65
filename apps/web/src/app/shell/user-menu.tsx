import { Menu } from '@mantine/core';
import { IconLogout, IconSwitchHorizontal, IconUser } from '@tabler/icons-react';
import { type CurrentUser, teamRoleLabel } from '@atelier/contract/identity/account';
import { AccountMenu } from '@/components/ui/account-menu';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { paths } from '@/config/paths';
import { useStoreImageUrl } from '@/lib/file-upload';

type UserMenuProps = {
  currentUser: CurrentUser;
  /** The store's avatar (spec §3 store profile), `null` for none. */
  avatarUrl: string | null;
  onLogOut: () => void;
  onSwitchStore: (storeId: string) => void;
  isBusy: boolean;
};

const initialsOf = (text: string): string =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

export const UserMenu = ({
  currentUser,
  avatarUrl,
  onLogOut,
  onSwitchStore,
  isBusy,
}: UserMenuProps) => {
  const navigateTo = useHrefNavigation();
  const avatarSrc = useStoreImageUrl(avatarUrl);
  const displayName = currentUser.user.name ?? currentUser.user.email;
  const otherStores = currentUser.memberships.filter(
    (membership) => membership.storeId !== currentUser.store.id,
  );

  return (
    <AccountMenu
      displayName={displayName}
      initials={initialsOf(displayName)}
      avatarSrc={avatarSrc}
      width={260}
      isBusy={isBusy}
    >
      <Menu.Label>
        {currentUser.user.email} · {teamRoleLabel(currentUser.role)}
      </Menu.Label>
      <Menu.Item
        component="a"
        href={paths.accountInfo}
        onClick={navigateTo(paths.accountInfo)}
        leftSection={<IconUser size={16} />}
      >
        Account info
      </Menu.Item>
      {otherStores.length > 0 ? (
        <>
          <Menu.Divider />
          <Menu.Label>Switch store</Menu.Label>
          {otherStores.map((membership) => (
            <Menu.Item
              key={membership.storeId}
              leftSection={<IconSwitchHorizontal size={16} />}
              onClick={() => onSwitchStore(membership.storeId)}
            >
              {membership.storeTitle} ({teamRoleLabel(membership.role)})
            </Menu.Item>
          ))}
        </>
      ) : null}
      <Menu.Divider />
      <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogOut}>
        Log out
      </Menu.Item>
    </AccountMenu>
  );
};
