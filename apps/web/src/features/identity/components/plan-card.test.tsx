// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '@/testing/render';
import { PlanCard } from './plan-card';

const upgradeHref = (plan: string) => `/homebase?dialog=manage_plan&step=manage&plan=${plan}`;

describe('PlanCard', () => {
  it('names the plan with the one reading the header uses, never the other', () => {
    render(<PlanCard planType="TIER_2_5" upgradeHref={upgradeHref} pricingHref="/pricing" />);
    expect(screen.getByTestId('plan-name').textContent).toBe('Scaling');
    expect(screen.getByTestId('plan-upgrade-target').textContent).toContain('Professional');
    expect(screen.getByTestId('plan-card').textContent).not.toMatch(/Business|Essentials/);
  });

  it('links the upgrade to the plan dialog with the next plan chosen, and to the pricing page', () => {
    render(<PlanCard planType="TIER_1" upgradeHref={upgradeHref} pricingHref="/pricing" />);
    expect(screen.getByRole('link', { name: 'Upgrade to Beginner' }).getAttribute('href')).toBe(
      '/homebase?dialog=manage_plan&step=manage&plan=TIER_2',
    );
    expect(screen.getByRole('link', { name: 'Compare plans and fees' }).getAttribute('href')).toBe(
      '/pricing',
    );
  });

  it('offers no upgrade on the top plan', () => {
    render(<PlanCard planType="TIER_3" upgradeHref={upgradeHref} pricingHref="/pricing" />);
    expect(screen.queryByRole('link', { name: /Upgrade to/ })).toBeNull();
  });
});
