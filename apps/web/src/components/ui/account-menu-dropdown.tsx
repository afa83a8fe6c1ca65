import { Menu } from '@mantine/core';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { AccountMenuButton, type AccountMenuButtonProps } from './account-menu-button';

/** One line of the account menu: a label, a divider, or an item (a link when it has `href`). */
export type AccountMenuEntry =
  | { kind: 'label'; key: string; content: ReactNode }
  | { kind: 'divider'; key: string }
  | {
      kind: 'item';
      key: string;
      label: ReactNode;
      icon: ReactNode;
      color?: string;
      href?: string;
      onClick: (event: MouseEvent<HTMLElement>) => void;
    };

export type LoadedAccountMenuProps = {
  button: AccountMenuButtonProps;
  entries: readonly AccountMenuEntry[];
  width: number;
  /** The button was activated before this code had loaded: the menu opens at once. */
  isOpenRequested: boolean;
  /** The button had focus before this code had loaded: it gets it back. */
  shouldFocusButton: boolean;
};

const MenuEntry = ({ entry }: { entry: AccountMenuEntry }) => {
  switch (entry.kind) {
    case 'label':
      return <Menu.Label>{entry.content}</Menu.Label>;
    case 'divider':
      return <Menu.Divider />;
    case 'item':
      return entry.href === undefined ? (
        <Menu.Item color={entry.color} leftSection={entry.icon} onClick={entry.onClick}>
          {entry.label}
        </Menu.Item>
      ) : (
        <Menu.Item
          component="a"
          href={entry.href}
          color={entry.color}
          leftSection={entry.icon}
          onClick={entry.onClick}
        >
          {entry.label}
        </Menu.Item>
      );
  }
};

/**
 * The account button with its Mantine Menu (Popover, floating-ui, FocusTrap): loaded on the
 * button's first hover, focus or activation instead of with the first page (issue 10).
 */
export const LoadedAccountMenu = ({
  button,
  entries,
  width,
  isOpenRequested,
  shouldFocusButton,
}: LoadedAccountMenuProps) => {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Only what happened before this mount counts; later the menu keeps its own state.
  const [before] = useState({ isOpenRequested, shouldFocusButton });

  useEffect(() => {
    // This button replaced the one rendered before the code loaded. Focus goes back to it before
    // the menu opens, so closing the menu (Escape, an item) returns focus there as usual.
    if (before.shouldFocusButton || before.isOpenRequested) buttonRef.current?.focus();
    // Opened once mounted (not mounted open), so the menu records where focus returns.
    if (before.isOpenRequested) queueMicrotask(() => setIsOpen(true));
  }, [before]);

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' && !isOpen) {
      event.preventDefault();
      setIsOpen(true);
    }
  };

  return (
    <Menu opened={isOpen} onChange={setIsOpen} position="bottom-end" width={width} withinPortal>
      <Menu.Target>
        <AccountMenuButton {...button} ref={buttonRef} onKeyDown={handleKeyDown} />
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map((entry) => (
          <MenuEntry key={entry.key} entry={entry} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};
