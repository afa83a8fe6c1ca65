import { IconSwitchHorizontal, IconUser } from '@tabler/icons-react';
import { type CurrentUser, teamRoleLabel } from '@atelier/contract/identity/account';
import { AccountMenu, type AccountMenuEntry, logOutEntries } from '@/components/ui/account-menu';
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

  const entries: AccountMenuEntry[] = [
    {
      kind: 'label',
      key: 'account',
      content: `${currentUser.user.email} · ${teamRoleLabel(currentUser.role)}`,
    },
    {
      kind: 'item',
      key: 'account-info',
      label: 'Account info',
      icon: <IconUser size={16} />,
      href: paths.accountInfo,
      onClick: navigateTo(paths.accountInfo),
    },
    ...(otherStores.length > 0
      ? [
          { kind: 'divider', key: 'stores-divider' } as const,
          { kind: 'label', key: 'stores', content: 'Switch store' } as const,
          ...otherStores.map((membership): AccountMenuEntry => ({
            kind: 'item',
            key: `store:${membership.storeId}`,
            label: `${membership.storeTitle} (${teamRoleLabel(membership.role)})`,
            icon: <IconSwitchHorizontal size={16} />,
            onClick: () => onSwitchStore(membership.storeId),
          })),
        ]
      : []),
    ...logOutEntries(onLogOut),
  ];

  return (
    <AccountMenu
      displayName={displayName}
      initials={initialsOf(displayName)}
      avatarSrc={avatarSrc}
      width={260}
      isBusy={isBusy}
      entries={entries}
    />
  );
};
