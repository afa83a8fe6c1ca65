// @vitest-environment happy-dom
import { Button } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '@/testing/render';
import { LazyTooltip } from './lazy-tooltip';

describe('LazyTooltip', () => {
  it('builds no tooltip before its target is hovered, then opens on the first hover', async () => {
    render(
      <LazyTooltip label="Add to favorites">
        <Button>Heart</Button>
      </LazyTooltip>,
    );
    expect(document.querySelector('.mantine-Tooltip-tooltip')).toBeNull();

    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Heart' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Add to favorites');
  });

  it('keeps the focus on a target it arms by focus, and names the tooltip as its description', async () => {
    const { user } = render(
      <LazyTooltip label="Generated values" events={{ hover: true, focus: true, touch: false }}>
        <Button>Demo data</Button>
      </LazyTooltip>,
    );
    await user.tab();

    await waitFor(() => {
      const focused = document.activeElement;
      expect(focused?.textContent).toBe('Demo data');
      const described = document.getElementById(focused?.getAttribute('aria-describedby') ?? '');
      expect(described?.textContent).toBe('Generated values');
    });
  });

  it('opens no tooltip on focus when it listens to hover only', async () => {
    const { user } = render(
      <LazyTooltip label="Add to favorites">
        <Button>Heart</Button>
      </LazyTooltip>,
    );
    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(document.activeElement?.textContent).toBe('Heart');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
