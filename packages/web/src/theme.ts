import { createTheme, Drawer, Modal, Notification, PasswordInput } from '@mantine/core';
import { baseTheme } from './theme-base';

export { cssVariablesResolver } from './theme-base';

export const theme = createTheme({
  ...baseTheme,
  components: {
    // Mantine's own accessible names are English; the interface is French everywhere.
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Afficher ou masquer le mot de passe' } },
    }),
    // A dialog's cross has no name of its own (the confirmations' had none at all: WCAG 4.1.2).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Fermer' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Fermer' } } }),
    // The notices' cross too: unnamed, axe counted it a serious fault on every page that had just saved.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Fermer la notification' } },
    }),
  },
});

/** Palette names → Mantine colours. */
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

/** Semantic colours of tags and switches. */
export const semanticColors = {
  primary: 'primary',
  danger: 'red',
  success: 'green',
  warning: 'orange',
  disabled: 'gray',
} as const;
export type SemanticColor = keyof typeof semanticColors;
