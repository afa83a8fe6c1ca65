// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { allFeatureAccess } from '@atelier/contract/billing/entitlements';
import { NOT_BUILT_LABEL } from '@/components/ui/not-built-marker';
import { aBillingOverview } from '@/testing/billing-overview-factories';
import { handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { ModulePageView } from './module-page-view';
import { SIGNED_IN_MODULE_PAGES } from './module-pages';

startMockServer();

const emailCapture = SIGNED_IN_MODULE_PAGES.find((page) => page.path === '/email-capture');
const education = SIGNED_IN_MODULE_PAGES.find((page) => page.path === '/education');

const overviewWith = (activeModules: ('launch' | 'beginner')[]) =>
  aBillingOverview({
    planType: 'TIER_2',
    features: allFeatureAccess({ planType: 'TIER_2', activeModules, paidFeaturesUsable: true }),
  });

const renderPage = (page = emailCapture) =>
  renderAtRoute({
    path: page?.path ?? '/',
    initialEntry: page?.path ?? '/',
    component: () => (page ? <ModulePageView page={page} /> : <p>missing page</p>),
  });

describe('a plan-gated placeholder page', () => {
  it('shows the gate instead of the placeholder when the plan does not include the feature', async () => {
    server.use(handle(billingEndpoints.overview, () => overviewWith(['beginner'])));
    const { user, router } = renderPage();
    expect(await screen.findByTestId('feature-gate')).toBeTruthy();
    expect(screen.getByText('It needs:', { exact: false }).textContent).toContain(
      'Launch bundle or Professional bundle',
    );
    expect(screen.queryByText(NOT_BUILT_LABEL)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Upgrade to Professional' }));
    expect(router.state.location.pathname).toBe('/email-capture');
    expect(router.state.location.search).toMatchObject({
      dialog: 'manage_plan',
      step: 'manage',
      plan: 'TIER_3',
    });
  });

  it('keeps the placeholder when the plan includes it', async () => {
    server.use(handle(billingEndpoints.overview, () => overviewWith(['launch'])));
    renderPage();
    expect(await screen.findByText(NOT_BUILT_LABEL)).toBeTruthy();
    expect(screen.queryByTestId('feature-gate')).toBeNull();
  });

  it('leaves a page without a gated feature as it was, without asking for the plan', async () => {
    renderPage(education);
    expect(await screen.findByText(NOT_BUILT_LABEL)).toBeTruthy();
  });

  it('names the gated feature of /email-capture and /text-fans', () => {
    const featureOf = (path: string) =>
      SIGNED_IN_MODULE_PAGES.find((page) => page.path === path)?.feature;
    expect(featureOf('/email-capture')).toBe('email_capture');
    expect(featureOf('/text-fans')).toBe('sms_marketing');
    expect(featureOf('/education')).toBeUndefined();
  });
});
