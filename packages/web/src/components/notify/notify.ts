import { NOTIFICATION_TIMEOUT_MS } from '@app/domain';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../api/client';
import { semanticColors } from '../../theme';

export function notifySuccess(message: string): string {
  return notifications.show({ message, color: semanticColors.success, autoClose: NOTIFICATION_TIMEOUT_MS });
}

/** SPEC §8: every failure shows a red notification and logs the response. */
export function notifyFailure(message: string, error?: unknown): string {
  if (error !== undefined) {
    if (error instanceof ApiError) console.error(message, error.status, error.body);
    else console.error(message, error);
  }
  return notifications.show({ message, color: semanticColors.danger, autoClose: NOTIFICATION_TIMEOUT_MS });
}
