// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allFeatureAccess, type FeatureKey } from '@atelier/contract/billing/entitlements';
import { render } from '@/testing/render';
import { FeatureGate } from './feature-gate';

/** The features of a store on Beginner with no bundle bought but the plan's own. */
const beginnerFeatures = allFeatureAccess({
  planType: 'TIER_2',
  activeModules: ['beginner'],
  paidFeaturesUsable: true,
});

const renderGate = (feature: FeatureKey, features = beginnerFeatures) => {
  const onUpgrade = vi.fn();
  const onNavigate = vi.fn();
  const result = render(
    <FeatureGate
      feature={feature}
      features={features}
      onUpgrade={onUpgrade}
      onNavigate={onNavigate}
    >
      <p>The page itself</p>
    </FeatureGate>,
  );
  return { ...result, onUpgrade, onNavigate };
};

describe('FeatureGate', () => {
  it('shows its children when the plan includes the feature', () => {
    renderGate('product_ideation');
    expect(screen.getByText('The page itself')).toBeTruthy();
    expect(screen.queryByTestId('feature-gate')).toBeNull();
  });

  it('says what a locked feature needs and offers the plan that unlocks it', async () => {
    const { user, onUpgrade } = renderGate('analytics');
    expect(screen.queryByText('The page itself')).toBeNull();
    const gate = screen.getByTestId('feature-gate');
    expect(gate.textContent).toContain('Analytics is not in your plan');
    expect(gate.textContent).toContain('It needs: Scaling plan or higher.');
    expect(screen.queryByRole('link', { name: 'See bundles' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upgrade to Scaling' }));
    expect(onUpgrade).toHaveBeenCalledWith('TIER_2_5');
  });

  it('leads a feature that a bundle unlocks to the bundles on /account-info#billing', async () => {
    const { user, onNavigate } = renderGate('email_capture');
    const gate = screen.getByTestId('feature-gate');
    expect(gate.textContent).toContain('It needs: Launch bundle or Professional bundle.');
    // Professional includes the Professional bundle: the plan upgrade is offered too.
    expect(screen.getByRole('button', { name: 'Upgrade to Professional' })).toBeTruthy();
    const bundles = screen.getByRole('link', { name: 'See bundles' });
    expect(bundles.getAttribute('href')).toBe('/account-info#billing');
    await user.click(bundles);
    expect(onNavigate).toHaveBeenCalledWith('/account-info#billing');
  });

  it('keeps a paused store out of paid features, whatever its plan', () => {
    renderGate(
      'product_ideation',
      allFeatureAccess({
        planType: 'TIER_3',
        activeModules: ['professional'],
        paidFeaturesUsable: false,
      }),
    );
    expect(screen.queryByText('The page itself')).toBeNull();
    expect(screen.getByTestId('feature-gate').textContent).toContain(
      'Product ideation is not in your plan',
    );
  });

  it('treats a feature the overview does not list as locked', () => {
    renderGate('analytics', []);
    expect(screen.queryByText('The page itself')).toBeNull();
    expect(screen.getByTestId('feature-gate').textContent).toContain('Not in your plan');
  });
});
