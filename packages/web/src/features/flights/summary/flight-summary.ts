import { MESSAGES } from '@app/domain';
import { api } from '../../../api/client';
import { useRefreshDataList } from '../../../components';
import { useNotifiedList } from '../../../lib/use-notified-query';
import { BOOKINGS_ENDPOINT, type PassengerSummary } from '../../bookings/booking-model';
import { FLIGHTS_ENDPOINT } from '../flight-model';

// What the flight summary's sections share: the flight's bookings (its passengers, counted by the actions and
// the postponement too) and what to read again once one of them changed the flight.

export type FlightBooking = {
  id: number;
  number: string;
  number_alt: string | null;
  passengers_number: number;
  referent_passenger: PassengerSummary | null;
  passengers: (PassengerSummary & {
    registration_id: number;
    age: number | null;
    weight: number | null;
    ticket_number: string | null;
    passenger_type_id: number | null;
  })[];
};

/** The flight's bookings with their registered passengers; the sections reading it share one request. */
export const useFlightBookings = (flightId: number) =>
  useNotifiedList<FlightBooking>(
    [FLIGHTS_ENDPOINT, 'bookings', flightId],
    (signal) => api.get<FlightBooking[]>(`${FLIGHTS_ENDPOINT}/${flightId}/bookings`, undefined, signal),
    MESSAGES.passengersLoadFailed,
  );

/** Reads again what a change of the flight, its passengers, notes or status may have changed. */
export function useFlightChanged() {
  const refresh = useRefreshDataList();
  return () => {
    void refresh(FLIGHTS_ENDPOINT);
    void refresh('/api/planning');
    void refresh('/api/flight-notes');
    void refresh(BOOKINGS_ENDPOINT);
    // A status change may postpone the flight or undo its postponement (issue 12), complete its bookings and close
    // their requested dates, or undo that (issue 27).
    void refresh('/api/flight-postponements');
    void refresh('/api/passengers');
    void refresh('/api/requested-dates');
  };
}
