// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { accountKeys } from '@/features/identity/api/account-queries';
import { aBillingOverview } from '@/testing/billing-overview-factories';
import { aCurrentUser } from '@/testing/factories';
import { handle } from '@/testing/handlers';
import { createTestQueryClient, renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { ManagePlanDialogHost } from './manage-plan-dialog-host';

startMockServer();

const renderAt = (initialEntry: string, role: 'OWNER' | 'CX' = 'OWNER') => {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(accountKeys.currentUser(), aCurrentUser({ role }));
  return renderAtRoute({
    queryClient,
    path: '/inventory',
    initialEntry,
    component: () => (
      <MantineProvider env="test">
        <p>The page</p>
        <ManagePlanDialogHost />
      </MantineProvider>
    ),
  });
};

describe('ManagePlanDialogHost', () => {
  it('opens the plan modal over the page with ?dialog=manage_plan and closes it by removing its parameters', async () => {
    server.use(handle(billingEndpoints.overview, () => aBillingOverview()));
    const { user, router } = renderAt('/inventory?status=ARCHIVED&dialog=manage_plan');
    expect(await screen.findByRole('dialog', { name: 'Manage your plan' })).toBeTruthy();
    expect(screen.getByText('The page')).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toEqual({ status: 'ARCHIVED' });
  });

  it('opens nothing without the dialog key', () => {
    renderAt('/inventory');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens a member's modal on the overview only", async () => {
    server.use(handle(billingEndpoints.overview, () => aBillingOverview()));
    renderAt('/inventory?dialog=manage_plan&step=pause', 'CX');
    expect(await screen.findByTestId('manage-plan-read-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });
});
