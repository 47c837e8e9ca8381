import { BOOKINGS_PATH, type OrderItem } from '@app/domain';
import type { FirstPageOptions } from '../../components/DataList/data-list-read';

// What a bookings list of a status reads (its endpoint, fixed query, order and remembered state), apart from its
// page so that the route can start the first page's read as soon as the session is known (router.tsx), while the
// page's code is still on its way.

const DEFAULT_ORDER: OrderItem[] = [{ field: 'booked_at', direction: 'DESC' }];

/** One list state per status: filters and pages of 'En attente' do not leak into 'Terminées'. */
export const bookingsList = (statusSlug: string) =>
  ({
    endpoint: BOOKINGS_PATH,
    storageKey: `bookings-${statusSlug}`,
    defaultOrder: DEFAULT_ORDER,
    baseQuery: {
      filters: [{ field: 'booking_status.slug', op: '=', value: statusSlug }],
      embed: ['referent_passenger', 'customer', 'location', 'prestation', 'requested_dates'],
    },
  }) satisfies FirstPageOptions;
