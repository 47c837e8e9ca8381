import type { NotificationsProps } from '@mantine/notifications';
import { useNotifications } from '@mantine/notifications/store';
import { lazy, Suspense, useEffect, useState } from 'react';
import { afterPageLoad } from '../../lib/after-load';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * Where notifications show. Its code (the container and its animations, a tenth of the entry) is fetched a moment
 * after the page has loaded, or as soon as something is to be shown: a notification sent before is kept by the
 * store and shows when the container arrives.
 */
export function LazyNotifications(props: NotificationsProps) {
  const { notifications } = useNotifications();
  const [isWanted, setWanted] = useState(false);
  useEffect(() => afterPageLoad(() => setWanted(true)), []);
  if (notifications.length > 0 && !isWanted) setWanted(true);
  return isWanted ? (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  ) : null;
}
