// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AccountMenu } from './account-menu';

const renderMenu = () => {
  const onLogOut = vi.fn<() => void>();
  const user = userEvent.setup();
  // env "test": happy-dom has no layout, so floating-ui would take the button for detached and
  // hide the dropdown.
  render(
    <MantineProvider env="test">
      <AccountMenu
        displayName="Ada Maker"
        initials="AM"
        width={260}
        isBusy={false}
        entries={[
          { kind: 'label', key: 'email', content: 'ada@example.com' },
          { kind: 'divider', key: 'divider' },
          { kind: 'item', key: 'log-out', label: 'Log out', icon: null, onClick: onLogOut },
        ]}
      />
    </MantineProvider>,
  );
  // The button is replaced once the menu's code has loaded: always the current one.
  const getButton = () => screen.getByRole('button', { name: /Ada Maker/ });
  return { user, onLogOut, getButton };
};

// The menu's code loads on the button's first use; these run in one file, so the first test
// covers the click that comes before it has loaded.

/** The dropdown's code loads on first use: on a busy machine its first import takes seconds. */
const LAZY_LOAD = { timeout: 10_000 };
describe('AccountMenu', { timeout: 20_000 }, () => {
  it('opens on the very first click, before its code has loaded, and runs the item', async () => {
    const { user, getButton, onLogOut } = renderMenu();
    expect(getButton().getAttribute('aria-haspopup')).toBe('menu');
    // A click alone (no hover first, which would start loading the code before the press): the
    // press has to wait for the code, then open the menu.
    fireEvent.click(getButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }, LAZY_LOAD));
    expect(onLogOut).toHaveBeenCalledOnce();
  });

  it('opens with ArrowDown and gives focus back to its button on Escape', async () => {
    const { user, getButton } = renderMenu();
    getButton().focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('menuitem', { name: 'Log out' }, LAZY_LOAD);
    expect(getButton().getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(getButton()));
  });

  it('opens with Enter', async () => {
    const { user, getButton } = renderMenu();
    getButton().focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('ada@example.com', undefined, LAZY_LOAD)).toBeTruthy();
  });
});
