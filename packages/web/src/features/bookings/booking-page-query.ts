import { BOOKING_PAGE_QUERY } from '@app/domain';
import { resource } from '../../api/reads';
import type { Booking } from './booking-model';

// The booking page's read, apart from its page so that the route can start it as soon as the session is known,
// while the page's code is still on its way (as the dashboard's).

export const bookingPageRead = (bookingId: number) => resource('bookings').one<Booking>(bookingId, BOOKING_PAGE_QUERY);
