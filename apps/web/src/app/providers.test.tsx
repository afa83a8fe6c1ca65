// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { Providers } from './providers';

describe('Providers toasts', () => {
  it('shows toasts asked for before their code has loaded, the same error once', async () => {
    const user = userEvent.setup();
    render(
      <Providers>
        <button
          type="button"
          onClick={() => {
            showErrorToast('The network is down.');
            showErrorToast('The network is down.');
            showSuccessToast('Saved.');
          }}
        >
          Act
        </button>
      </Providers>,
    );
    await user.click(screen.getByRole('button', { name: 'Act' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('The network is down.')).toHaveLength(1));
    expect(screen.getByText('Something went wrong')).toBeTruthy();
  });
});
