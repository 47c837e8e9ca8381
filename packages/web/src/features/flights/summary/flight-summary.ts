import { type FlightBooking, flightBookingsPath, MESSAGES } from '@app/domain';
import { useApiQuery, useInvalidate } from '../../../api/hooks';
import { getRead } from '../../../api/reads';

// What the flight summary's sections share: the flight's bookings (its passengers, counted by the actions and
// the postponement too) and what to read again once one of them changed the flight.

/** The flight's bookings with their registered passengers; the sections reading it share one request. */
export const useFlightBookings = (flightId: number) =>
  useApiQuery(getRead<FlightBooking[]>('flights', flightBookingsPath(flightId), ['bookings', flightId]), {
    failure: MESSAGES.passengersLoadFailed,
  });

/** Reads again what a change of the flight, its passengers, notes or status may have changed. */
export function useFlightChanged() {
  const invalidate = useInvalidate();
  // A status change may postpone the flight or undo its postponement (issue 12), complete its bookings and close
  // their requested dates, or undo that (issue 27).
  return () =>
    void invalidate(
      'flights',
      'planning',
      'flight-notes',
      'bookings',
      'flight-postponements',
      'passengers',
      'requested-dates',
    );
}
