// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCurrentUser } from '@/testing/factories';
import { render } from '@/testing/render';
import { StoresSection } from './stores-section';

describe('StoresSection', () => {
  it('shows team roles as words, not codes', () => {
    const currentUser = aCurrentUser({ role: 'OWNER' });
    render(
      <StoresSection
        currentUser={{
          ...currentUser,
          memberships: [
            ...currentUser.memberships,
            { storeId: 'sto_2', storeTitle: 'Second Store', role: 'CX' },
          ],
        }}
      />,
    );
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.getByText('Customer experience')).toBeTruthy();
    expect(screen.queryByText(/^(OWNER|CX)$/)).toBeNull();
  });
});
