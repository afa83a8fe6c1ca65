import { Badge, createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * The app's one Mantine theme. Text colours are chosen to read at WCAG AA (4.5:1 for body text)
 * on the app's light surfaces (white, gray-0, gray-1), checked in theme.test.ts: issue 10.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Mantine's default light shade (indigo-6) gives 4.32:1 under white button labels and 4.1:1
  // for links on gray-0; indigo-7 is the same hue one step darker.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Badges say words as written ("Favorited", "Online now"), not upper-case labels that read
    // like raw status codes (issue 10).
    Badge: Badge.extend({ defaultProps: { tt: 'none' } }),
  },
});

/** Secondary ("dimmed") text: Mantine's gray-6 (#868e96) is 3.15:1 on gray-0; this grey is 4.97:1. */
export const DIMMED_TEXT_COLOR = '#666d75';

/**
 * Text that marks demo values (the "Demo data" badge, "Demo rating"): Mantine's orange-8 is 3.6:1
 * on white; this deep orange is 7.3:1 on white and over 6:1 on the badge's orange-1. Components
 * use it as `var(--atelier-color-demo)`.
 */
export const DEMO_TEXT_COLOR = '#9a3412';

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED_TEXT_COLOR, '--atelier-color-demo': DEMO_TEXT_COLOR },
  dark: { '--atelier-color-demo': 'var(--mantine-color-orange-4)' },
});
