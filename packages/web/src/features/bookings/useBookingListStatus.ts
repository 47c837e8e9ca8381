import { useRouteHandles } from '../../lib/route-handle';

/** The status slug of the booking list being shown (one static route per status, see app/router.tsx). */
export function useBookingListStatus(): string | null {
  return useRouteHandles().findLast((handle) => handle.bookingStatus)?.bookingStatus ?? null;
}
