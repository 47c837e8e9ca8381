import { prefetchOptions } from '../api/reads';
import { firstPageRead } from '../components/DataList/data-list-read';
import { bookingPageRead } from '../features/bookings/booking-page-query';
import { bookingsList } from '../features/bookings/bookings-list-query';
import { dashboardQuery } from '../features/dashboard/dashboard-query';
import { flightPageRead } from '../features/flights/flight-page-query';

// The reads the routes start beside their page's code, loaded by the router only when such a route opens: imported
// by the router itself, they went into every page's first scripts, the sign-in page's included (its 200 kB budget).

export { dashboardQuery };

export const bookingsListRead = (status: string, filters: string | null) =>
  prefetchOptions(firstPageRead(bookingsList(status), filters));
export const bookingRead = (id: number) => prefetchOptions(bookingPageRead(id));
export const flightRead = (id: number) => prefetchOptions(flightPageRead(id));
