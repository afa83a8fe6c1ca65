// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '@/testing/render';
import { DeferredTooltip } from './deferred-tooltip';

describe('DeferredTooltip', () => {
  it('shows its label on the first hover, on the element that was there before', async () => {
    const { user } = render(
      <DeferredTooltip label="Analytics is turned off for this store.">
        <button type="button">Analytics</button>
      </DeferredTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Analytics' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(button);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Analytics is turned off for this store.');
    expect(screen.getByRole('button', { name: 'Analytics' })).toBe(button);
  });

  it('gives the element its label as accessible description without a hover', () => {
    render(
      <DeferredTooltip label="Preview mode can't open this page.">
        <button type="button">Team</button>
      </DeferredTooltip>,
    );
    expect(screen.getByRole('button', { name: 'Team' }).getAttribute('aria-description')).toBe(
      "Preview mode can't open this page.",
    );
  });
});
