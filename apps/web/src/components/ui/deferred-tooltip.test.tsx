// @vitest-environment happy-dom
import { Button } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/testing/render';
import { DeferredTooltip } from './deferred-tooltip';

const FOCUS_AND_TOUCH = { hover: true, focus: true, touch: true };

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Hovers a throwaway tooltip until it shows, so the Tooltip's code is loaded and a later check
 * that no tooltip shows is not passed merely because the code is still on its way.
 */
const loadTooltipCode = async () => {
  const { user, unmount } = render(
    <DeferredTooltip label="Loaded">
      <button type="button">Warm-up</button>
    </DeferredTooltip>,
  );
  await user.hover(screen.getByRole('button', { name: 'Warm-up' }));
  await screen.findByRole('tooltip');
  unmount();
};

describe('DeferredTooltip', () => {
  // happy-dom lays nothing out: elements and the viewport would be 0×0 boxes, which floating-ui's
  // hide middleware takes for a reference scrolled away, and the Tooltip would stay display:none.
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(
      new DOMRect(100, 100, 80, 24),
    );
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1024);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(768);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('builds no tooltip before the first hover, then shows it on the element that was there before', async () => {
    const { user } = render(
      <DeferredTooltip label="Analytics is turned off for this store.">
        <button type="button">Analytics</button>
      </DeferredTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Analytics' });
    expect(document.querySelector('.mantine-Tooltip-tooltip')).toBeNull();

    await user.hover(button);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Analytics is turned off for this store.');
    expect(screen.getByRole('button', { name: 'Analytics' })).toBe(button);

    await user.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
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

  it('waits openDelay after the pointer arrives, and opens nothing when it leaves before', async () => {
    await loadTooltipCode();
    const { user } = render(
      <DeferredTooltip label="Inbox is not built yet." openDelay={300}>
        <button type="button">Inbox</button>
      </DeferredTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Inbox' });

    await user.hover(button);
    await pause(100);
    await user.unhover(button);
    await pause(400);
    expect(screen.queryByRole('tooltip')).toBeNull();

    await user.hover(button);
    await pause(100);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Inbox is not built yet.');
  });

  it('opens on keyboard focus when events ask for it, keeping the focus on the element', async () => {
    const { user } = render(
      <>
        <DeferredTooltip label="Generated values" events={FOCUS_AND_TOUCH}>
          <Button>Demo data</Button>
        </DeferredTooltip>
        <button type="button">Next</button>
      </>,
    );
    const badge = screen.getByRole('button', { name: 'Demo data' });
    await user.tab();

    expect((await screen.findByRole('tooltip')).textContent).toBe('Generated values');
    expect(document.activeElement).toBe(badge);

    await user.tab();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('opens no tooltip on focus or touch when it listens to hover only', async () => {
    await loadTooltipCode();
    const { user } = render(
      <DeferredTooltip label="Add to favorites">
        <Button>Heart</Button>
      </DeferredTooltip>,
    );
    const heart = screen.getByRole('button', { name: 'Heart' });
    await user.tab();
    fireEvent.pointerDown(heart, { pointerType: 'touch' });
    fireEvent.pointerEnter(heart, { pointerType: 'touch' });
    await pause(200);

    expect(document.activeElement).toBe(heart);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on a touch when events ask for it, and closes on a press elsewhere', async () => {
    render(
      <>
        <DeferredTooltip label="Generated values" events={FOCUS_AND_TOUCH}>
          <Button>Demo data</Button>
        </DeferredTooltip>
        <p>Elsewhere</p>
      </>,
    );
    const badge = screen.getByRole('button', { name: 'Demo data' });
    fireEvent.pointerDown(badge, { pointerType: 'touch' });
    expect((await screen.findByRole('tooltip')).textContent).toBe('Generated values');
    // A lifted finger leaves the element; the tooltip stays for reading.
    fireEvent.pointerUp(badge, { pointerType: 'touch' });
    fireEvent.pointerLeave(badge, { pointerType: 'touch' });
    await pause(300);
    expect(screen.getByRole('tooltip').textContent).toBe('Generated values');

    fireEvent.pointerDown(screen.getByText('Elsewhere'), { pointerType: 'touch' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('closes on Escape while the pointer stays on the element', async () => {
    const { user } = render(
      <DeferredTooltip label="Add to favorites">
        <Button>Heart</Button>
      </DeferredTooltip>,
    );
    await user.hover(screen.getByRole('button', { name: 'Heart' }));
    await screen.findByRole('tooltip');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
