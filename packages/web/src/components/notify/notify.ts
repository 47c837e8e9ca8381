import { NOTIFICATION_TIMEOUT_MS } from '@app/domain';
import { notifications } from '@mantine/notifications/store';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { semanticColors } from '../../theme';

export function notifySuccess(message: string): string {
  return notifications.show({ message, color: semanticColors.success, autoClose: NOTIFICATION_TIMEOUT_MS });
}

/** Something staff must know after a success (mails that cannot leave): orange, and long enough to follow its link. */
export function notifyWarning(message: ReactNode): string {
  return notifications.show({ message, color: semanticColors.warning, autoClose: 3 * NOTIFICATION_TIMEOUT_MS });
}

/**
 * Every failure shows a red notification and logs the response. A 503 is maintenance: the app is already
 * on its way to the maintenance page (api/global.ts), which says it all; a red failure over it would be noise.
 * Returns the notification's id, or null when none was shown. An `id` shows it once while it is on screen.
 */
export function notifyFailure(message: string, error?: unknown, { id }: { id?: string } = {}): string | null {
  if (error instanceof ApiError && error.status === 503) return null;
  if (error !== undefined) {
    if (error instanceof ApiError) console.error(message, error.status, error.body);
    else console.error(message, error);
  }
  return notifications.show({ id, message, color: semanticColors.danger, autoClose: NOTIFICATION_TIMEOUT_MS });
}
