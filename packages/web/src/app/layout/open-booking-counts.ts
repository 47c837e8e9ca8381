import { BOOKING_STATUSES, type Paginated } from '@app/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

// The live counts beside the open booking statuses in the navigation (issue 8): one exact count per status,
// refreshed every minute and whenever a screen refreshes '/api/bookings' after a save.

const OPEN_STATUSES = Object.values(BOOKING_STATUSES).filter((status) => status.isEditable);
const REFRESH_MS = 60_000;

export function useOpenBookingCounts(): Partial<Record<string, number>> {
  const results = useQueries({
    queries: OPEN_STATUSES.map((status) => ({
      queryKey: ['/api/bookings', 'navigation-count', status.slug],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.page<{ id: number }>(
          '/api/bookings',
          { filters: [{ field: 'booking_status.slug', op: '=', value: status.slug }], page: 1, per_page: 1 },
          signal,
        ),
      refetchInterval: REFRESH_MS,
      select: (answer: Paginated<{ id: number }>) => answer.count,
    })),
  });
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
 * booking counts, refreshed every minute and whenever a screen refreshes '/api/registration-requests'.
 */
export function useWaitingRequestCount(): number | undefined {
  const result = useQuery({
    queryKey: ['/api/registration-requests', 'navigation-count'],
    queryFn: ({ signal }) =>
      api.page<{ id: number }>(
        '/api/registration-requests',
        { filters: [{ field: 'status', op: '=', value: 'pending' }], page: 1, per_page: 1 },
        signal,
      ),
    refetchInterval: REFRESH_MS,
    select: (answer) => answer.count,
  });
  return result.data;
}
