// Mantine's notifications store alone (vite.config.ts, NOTIFICATIONS_STORE): what the app imports of it, typed as the package's.
declare module '@mantine/notifications/store' {
  export { notifications, useNotifications } from '@mantine/notifications';
}
