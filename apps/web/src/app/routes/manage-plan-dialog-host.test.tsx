// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { accountKeys } from '@/features/identity/api/account-queries';
import { PLATFORM_FEES, planCatalogue } from '@atelier/contract/billing/plans';
import { aBillingOverview } from '@/testing/billing-overview-factories';
import { aCurrentUser } from '@/testing/factories';
import { handle } from '@/testing/handlers';
import { createTestQueryClient, renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { ManagePlanDialogHost } from './manage-plan-dialog-host';

startMockServer();

const renderAt = (initialEntry: string, role: 'OWNER' | 'CX' = 'OWNER', path = '/inventory') => {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(accountKeys.currentUser(), aCurrentUser({ role }));
  return renderAtRoute({
    queryClient,
    path,
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

  it('opens the billing cycle change at /homebase/subscription-cycle-change, preset to the other cycle', async () => {
    server.use(
      handle(billingEndpoints.overview, () => aBillingOverview()),
      handle(billingEndpoints.plans, () => ({ plans: planCatalogue(), fees: PLATFORM_FEES })),
      handle(billingEndpoints.previewChange, ({ query }) => ({
        planType: query.planType,
        interval: query.interval,
        kind: 'CYCLE_CHANGE' as const,
        amountDueNow: 0,
        credit: 0,
        charge: 0,
        currencyCode: 'USD',
        effectiveAt: '2026-04-01T00:00:00.000Z',
        trialDays: 0,
        blockedReason: null,
        discount: null,
      })),
      handle(billingEndpoints.paymentMethods, () => ({ items: [] })),
    );
    const path = '/homebase/subscription-cycle-change';
    const { user, router } = renderAt(path, 'OWNER', path);
    expect(await screen.findByRole('dialog', { name: 'Choose a plan' })).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'Switch to yearly on Apr 1, 2026' }),
    ).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Scaling/ }).getAttribute('aria-checked')).toBe(
      'true',
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/homebase'));
  });
});
