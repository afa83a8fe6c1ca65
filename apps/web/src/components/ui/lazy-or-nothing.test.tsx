// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyOrNothing } from './lazy-or-nothing';

describe('lazyOrNothing (issue 10)', () => {
  it('renders the component once its code has loaded', async () => {
    const Loaded = lazyOrNothing(() => Promise.resolve(() => <p>Toasts ready</p>));
    render(
      <Suspense fallback={null}>
        <Loaded />
      </Suspense>,
    );
    expect(await screen.findByText('Toasts ready')).toBeTruthy();
  });

  it('renders nothing, and keeps the page, when its code cannot load', async () => {
    const Failed = lazyOrNothing(() => Promise.reject(new TypeError('Failed to fetch')));
    render(
      <main>
        <p>The page</p>
        <Suspense fallback={<p>Loading</p>}>
          <Failed />
        </Suspense>
      </main>,
    );
    await waitFor(() => expect(screen.queryByText('Loading')).toBeNull());
    expect(screen.getByText('The page')).toBeTruthy();
  });
});
