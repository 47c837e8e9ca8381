import { type CSSVariablesResolver, createTheme, type MantineColorsTuple, PasswordInput } from '@mantine/core';

// SPEC §3 palette (black, blue, green, grey, orange, red, primary) and §9 breakpoints (568/768/1024/1200/1590).
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

export const theme = createTheme({
  primaryColor: 'primary',
  colors: { primary, orange },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  breakpoints: { xs: '35.5em', sm: '48em', md: '64em', lg: '75em', xl: '99.375em' },
  cursorType: 'pointer',
  components: {
    // Mantine's own accessible names are English; the interface is French everywhere (SPEC §1).
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Afficher ou masquer le mot de passe' } },
    }),
  },
});

/** SPEC palette names → Mantine colours. */
export const palette = {
  black: 'dark.9',
  blue: 'blue.6',
  green: 'green.7',
  grey: 'gray.6',
  orange: 'orange.7',
  red: 'red.7',
  primary: 'primary.6',
} as const;
export type PaletteName = keyof typeof palette;

/** Semantic colours of tags and switches (SPEC §2.6). */
export const semanticColors = {
  primary: 'primary',
  danger: 'red',
  success: 'green',
  warning: 'orange',
  disabled: 'gray',
} as const;
export type SemanticColor = keyof typeof semanticColors;

/** Secondary ("dimmed") text darker than Mantine's gray.6, which has a 3.3:1 contrast on white (WCAG asks 4.5:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c646c' },
  dark: {},
});
