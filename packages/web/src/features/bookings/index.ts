// What other features embed of the bookings: a booking's badges (the day sidebar), a passenger's flights and the
// passengers flown (the flight page), and the booking's type they show.

export { BookingBadges } from './BookingsPage';
export type { Booking } from './booking-model';
export { PassengerFlightsDialog } from './dialogs/PassengerFlightsDialog';
export { PassengersFlownCard } from './PassengersFlownCard';
