// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { aBillingOverview } from '@/testing/billing-overview-factories';
import { handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { ManagePlanDialogHost } from './manage-plan-dialog-host';

startMockServer();

const renderAt = (initialEntry: string) =>
  renderAtRoute({
    path: '/inventory',
    initialEntry,
    component: () => (
      <MantineProvider env="test">
        <p>The page</p>
        <ManagePlanDialogHost />
      </MantineProvider>
    ),
  });

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
});
