// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '@/testing/render';
import { PlanCard } from './plan-card';

describe('PlanCard', () => {
  it('names the plan with the one reading the header uses, never the other', () => {
    render(<PlanCard planType="TIER_2_5" />);
    expect(screen.getByTestId('plan-name').textContent).toBe('Scaling');
    expect(screen.getByTestId('plan-upgrade-target').textContent).toContain('Professional');
    expect(screen.getByTestId('plan-card').textContent).not.toMatch(/Business|Essentials/);
  });
});
