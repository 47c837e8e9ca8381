import { BOOKING_STATUSES } from '@app/domain';
import { useApiQueries, useApiQuery } from '../../api/hooks';
import { resource } from '../../api/reads';

// The live counts beside the open booking statuses in the navigation (issue 8): one exact count per status,
// refreshed every minute and whenever a screen invalidates 'bookings' after a save. A count that cannot be read
// is left out: no notice over the screen at work.

const OPEN_STATUSES = Object.values(BOOKING_STATUSES).filter((status) => status.isEditable);
const REFRESH_MS = 60_000;

export function useOpenBookingCounts(): Partial<Record<string, number>> {
  const results = useApiQueries(
    OPEN_STATUSES.map((status) =>
      resource('bookings').count({ filters: [{ field: 'booking_status.slug', op: '=', value: status.slug }] }),
    ),
    { failure: null, refetchInterval: REFRESH_MS },
  );
  return Object.fromEntries(
    OPEN_STATUSES.flatMap((status, index) => {
      const count = results[index]?.data;
      return count === undefined ? [] : [[status.slug, count]];
    }),
  );
}

/** The navigation's key for the registration requests waiting for staff (beside 'Vols'). */
export const WAITING_REQUESTS_COUNT = 'registration-requests';

/**
 * Registration requests filed on the public widget and not yet decided (issue 11): the same one-row page as the
 * booking counts, refreshed every minute and whenever a screen invalidates 'registration-requests'.
 */
export function useWaitingRequestCount(): number | undefined {
  const result = useApiQuery(
    resource('registration-requests').count({ filters: [{ field: 'status', op: '=', value: 'pending' }] }),
    { failure: null, refetchInterval: REFRESH_MS },
  );
  return result.data;
}
