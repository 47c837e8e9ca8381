// The postponements' contract: passengers taken off a flight to fly another day.

export const FLIGHT_POSTPONEMENTS_PATH = '/api/flight-postponements';

/** A passenger postponed from a flight, as the flight page lists them. */
export type PostponedPassenger = {
  id: number;
  booking_id: number | null;
  full_name: string | null;
  weight: number | null;
  postponed_at: string;
  user_name: string | null;
  booking: { id: number; number: string } | null;
};
