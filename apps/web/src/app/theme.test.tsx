// @vitest-environment happy-dom
import { Badge, DEFAULT_THEME, getPrimaryShade, luminance, mergeMantineTheme } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from './providers';
import { DEMO_TEXT_COLOR, DIMMED_TEXT_COLOR, theme } from './theme';

/** WCAG 2 contrast ratio of two colours (1 to 21). */
const contrast = (foreground: string, background: string) => {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
};

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const gray = merged.colors.gray;
const primary = merged.colors[merged.primaryColor]?.[getPrimaryShade(merged, 'light')] ?? '';
/** The app's light surfaces: page, cards and the sign-in background, grey panels. */
const surfaces = { white: merged.white, 'gray-0': gray[0], 'gray-1': gray[1] };
/** Links sit on the page, cards and the sign-in background (indigo-7 is 4.48:1 on gray-1). */
const linkSurfaces = { white: merged.white, 'gray-0': gray[0] };

describe('theme', () => {
  it.each(Object.entries(surfaces))('dimmed text reads at 4.5:1 or more on %s', (_, surface) => {
    expect(contrast(DIMMED_TEXT_COLOR, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.entries(linkSurfaces))('links read at 4.5:1 or more on %s', (_, surface) => {
    expect(contrast(primary, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.entries({ ...surfaces, 'the demo badge (orange-1)': merged.colors.orange[1] }))(
    'demo-value text reads at 4.5:1 or more on %s',
    (_, surface = '') => {
      expect(contrast(DEMO_TEXT_COLOR, surface)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('gives white labels on primary buttons 4.5:1 or more', () => {
    expect(contrast(merged.white, primary)).toBeGreaterThanOrEqual(4.5);
  });

  it('shows badge text as written, not in upper case', () => {
    render(
      <Providers>
        <Badge>Online now</Badge>
      </Providers>,
    );
    const badge = screen.getByText('Online now').closest('.mantine-Badge-root');
    expect(badge).toBeInstanceOf(HTMLElement);
    expect((badge as HTMLElement).style.textTransform).toBe('none');
  });

  it('is what the app renders with, dimmed text colour included', () => {
    render(<Providers>page</Providers>);
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join();
    expect(css).toContain(`--mantine-color-dimmed: ${DIMMED_TEXT_COLOR}`);
    expect(css).toContain(`--mantine-color-anchor: var(--mantine-color-indigo-7)`);
  });
});
