import { IconLogout } from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { AccountMenuButton } from './account-menu-button';
import type * as MenuModule from './account-menu-dropdown';
import type { AccountMenuEntry } from './account-menu-dropdown';

export type { AccountMenuEntry } from './account-menu-dropdown';

type AccountMenuProps = {
  /** The person's name, or their e-mail when they have none. */
  displayName: string;
  /** The avatar's letters; `?` when empty. */
  initials: string;
  /** The avatar's picture, shown instead of the letters once loaded. */
  avatarSrc?: string | null;
  width: number;
  isBusy: boolean;
  /** The menu's labels, dividers and items, in order. */
  entries: readonly AccountMenuEntry[];
};

/** The menu's last entries in either party's shell: a divider and "Log out". */
export const logOutEntries = (onLogOut: () => void): AccountMenuEntry[] => [
  { kind: 'divider', key: 'log-out-divider' },
  {
    kind: 'item',
    key: 'log-out',
    label: 'Log out',
    icon: <IconLogout size={16} />,
    color: 'red',
    onClick: onLogOut,
  },
];

let menuModule: typeof MenuModule | undefined;
let menuModuleLoad: Promise<typeof MenuModule> | undefined;
const loadMenuModule = () =>
  (menuModuleLoad ??= import('./account-menu-dropdown').then((module) => (menuModule = module)));

/**
 * The header's account button (avatar, name) and the menu it opens. The button renders at once;
 * the menu's code (Mantine Menu, Popover, floating-ui, FocusTrap: ~30 KB gzip) loads on its
 * first hover, focus or activation (issue 10). A click, Enter, Space or ArrowDown before it has
 * loaded opens the menu as soon as it has.
 */
export const AccountMenu = ({
  displayName,
  initials,
  avatarSrc = null,
  width,
  isBusy,
  entries,
}: AccountMenuProps) => {
  const [loaded, setLoaded] = useState(() =>
    menuModule ? { module: menuModule, shouldFocusButton: false } : null,
  );
  const [isOpenRequested, setIsOpenRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const button = { displayName, initials, avatarSrc, isBusy };

  if (loaded) {
    const { LoadedAccountMenu } = loaded.module;
    return (
      <LoadedAccountMenu
        button={button}
        entries={entries}
        width={width}
        isOpenRequested={isOpenRequested}
        shouldFocusButton={loaded.shouldFocusButton}
      />
    );
  }

  const load = () => {
    void loadMenuModule().then((module) =>
      setLoaded({ module, shouldFocusButton: document.activeElement === buttonRef.current }),
    );
  };
  const requestOpen = () => {
    setIsOpenRequested(true);
    load();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    requestOpen();
  };

  return (
    <AccountMenuButton
      {...button}
      ref={buttonRef}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      onClick={requestOpen}
      onKeyDown={handleKeyDown}
    />
  );
};
