import type { CSSVariablesResolver, MantineColorsTuple, MantineThemeOverride } from '@mantine/core';

// The look shared by the office (theme.ts) and the launch field's own page (terrain.tsx): colours, fonts, sizes and
// the CSS variables that keep text readable. No component here: the field's page must not load the office's dialogs.

// Palette (black, blue, green, grey, orange, red, primary) and breakpoints (568/768/1024/1200/1590).
// Semantic names used by tags and switches (danger, success, warning, disabled) map onto these in semanticColors below.
const primary: MantineColorsTuple = [
  '#e8f3ff',
  '#d0e3fb',
  '#a1c4f2',
  '#6ea3ea',
  '#4487e3',
  '#2a76df',
  '#1a6dde',
  '#095cc6',
  '#0051b2',
  '#00469e',
];
const orange: MantineColorsTuple = [
  '#fff3e2',
  '#ffe6cc',
  '#fecc9b',
  '#fcb065',
  '#fb9838',
  '#fb891b',
  '#fb8109',
  '#e06f00',
  '#c76200',
  '#ae5300',
];

export const baseTheme = {
  primaryColor: 'primary',
  colors: { primary, orange },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  breakpoints: { xs: '35.5em', sm: '48em', md: '64em', lg: '75em', xl: '99.375em' },
  cursorType: 'pointer',
} satisfies MantineThemeOverride;

/**
 * Text in the semantic colours, on white, on the grey of rows and chips and on the colour's own light tint (tags):
 * Mantine's darkest shades are not dark enough for 4.5:1 on their tint (green.9 3.8:1, our orange.9 4.3:1 with a
 * 10 px tag's text), nor its red.6 and green.8 on white (3.3:1, 3.4:1). Each of these gives at least 5.3:1 on all
 * three.
 */
const textColors = {
  danger: '#b02525',
  success: '#237032',
  warning: '#964a00',
} as const;

/**
 * Secondary ("dimmed") text darker than Mantine's gray.6, which has a 3.3:1 contrast on white (WCAG asks 4.5:1).
 * Red, green and orange text in the darker shades above: `<Text c="red">` (Mantine's `<colour>-text`), light tags,
 * buttons and alerts (`variant="light"`, its `<colour>-light-color`) and the error under a field. Filled buttons
 * (Valider of a confirmation, Accepter) darker too: white text has 2.2:1 on Mantine's green.6, 3.3:1 on red.6;
 * at least 5.2:1 on these, a shade darker on hover.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c646c',
    // Links a shade darker than primary.6, which has 4.4:1 on a grey row and 4.1:1 in an orange or red alert.
    '--mantine-color-anchor': 'var(--mantine-color-primary-7)',
    '--mantine-color-error': textColors.danger,
    '--mantine-color-red-text': textColors.danger,
    '--mantine-color-red-light-color': textColors.danger,
    '--mantine-color-green-text': textColors.success,
    '--mantine-color-green-light-color': textColors.success,
    '--mantine-color-orange-text': textColors.warning,
    '--mantine-color-orange-light-color': textColors.warning,
    // The dashboard's revenue tag, teal like its chart: teal.9 has 4.3:1 on teal.1.
    '--mantine-color-teal-light-color': '#0a6b4f',
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': textColors.danger,
    '--mantine-color-green-filled': '#267a37',
    '--mantine-color-green-filled-hover': textColors.success,
    '--mantine-color-orange-filled': 'var(--mantine-color-orange-9)',
    '--mantine-color-orange-filled-hover': textColors.warning,
  },
  dark: {},
});
