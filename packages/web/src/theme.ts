import {
  createTheme,
  type DrawerProps,
  type ModalProps,
  type NotificationProps,
  type PasswordInputProps,
} from '@mantine/core';
import { baseTheme } from './theme-base';

export { cssVariablesResolver } from './theme-base';

// Plain objects, not Modal.extend(...): extend only returns its argument, but importing the components to call it put
// the dialog, drawer and password-field code (and the positioning engine under them) into every page's first script.
export const theme = createTheme({
  ...baseTheme,
  components: {
    // Mantine's own accessible names are English; the interface is French everywhere.
    PasswordInput: {
      defaultProps: {
        visibilityToggleButtonProps: { 'aria-label': 'Afficher ou masquer le mot de passe' },
      } satisfies Partial<PasswordInputProps>,
    },
    // A dialog's cross has no name of its own (the confirmations' had none at all: WCAG 4.1.2).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fermer' } } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fermer' } } satisfies Partial<DrawerProps> },
    // The notices' cross too: unnamed, axe counted it a serious fault on every page that had just saved.
    Notification: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Fermer la notification' },
      } satisfies Partial<NotificationProps>,
    },
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
