// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouter,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { render } from '@/testing/render';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

const GoElsewhere = () => {
  const router = useRouter();
  return (
    <button type="button" onClick={() => void router.navigate({ href: '/elsewhere' })}>
      Go elsewhere
    </button>
  );
};

const renderGuarded = (isDirty: boolean) => {
  const rootRoute = createRootRoute({ component: Outlet });
  const editRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/edit',
    component: () => (
      <>
        <GoElsewhere />
        <UnsavedChangesGuard isDirty={isDirty} />
      </>
    ),
  });
  const elsewhereRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/elsewhere',
    component: () => <p>Elsewhere</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([editRoute, elsewhereRoute]),
    history: createMemoryHistory({ initialEntries: ['/edit'] }),
  });
  return { ...render(<RouterProvider router={router} />), router };
};

describe('UnsavedChangesGuard', () => {
  it('asks before leaving with unsaved changes: stay keeps the page, leave goes on', async () => {
    const { user, router } = renderGuarded(true);
    await user.click(await screen.findByRole('button', { name: 'Go elsewhere' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/edit');

    await user.click(screen.getByRole('button', { name: 'Go elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });

  it('lets the user go without asking when nothing changed', async () => {
    const { user } = renderGuarded(false);
    await user.click(await screen.findByRole('button', { name: 'Go elsewhere' }));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
