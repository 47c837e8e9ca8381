// What other features embed of the bookings: a booking's badges (the day sidebar), a passenger's flights and the
// passengers flown (the flight page), and the booking's type they show.

import { lazyDialog } from '../../components/LazyDialog/lazy-dialog';

export { BookingBadges } from './BookingsPage';
export type { Booking } from './booking-model';
/** A passenger's flights: its code comes when the page is loaded, or at its first opening (see lazyDialog). */
export const PassengerFlightsDialog = lazyDialog(() =>
  import('./dialogs/PassengerFlightsDialog').then((module) => module.PassengerFlightsDialog),
);
export { PassengersFlownCard } from './PassengersFlownCard';
