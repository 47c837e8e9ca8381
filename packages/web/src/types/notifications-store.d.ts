// Mantine's notifications store alone (vite.config.ts, NOTIFICATIONS_STORE): the same exports as the package's.
declare module '@mantine/notifications/store' {
  export {
    cleanNotifications,
    notifications,
    notificationsStore,
    useNotifications,
  } from '@mantine/notifications';
}
