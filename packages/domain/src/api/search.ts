// The passenger search's contract: POST {search, flight_id} finds bookings to register on a flight by passenger
// name, ticket, booking or alternative number, phone, or '#number'; at most 20 bookings, each with its linked ones.

export const PASSENGERS_FOR_FLIGHT_SEARCH_PATH = '/api/search/passengers-for-flight';

export type PassengerSearchPayload = { search: string; flight_id: number };

/** Only what the picker shows and sends back: a search answers at each keystroke. */
export type SearchPassenger = {
  id: number;
  ticket_number: string | null;
  is_referent: number;
  weight: number | null;
  full_name: string;
};
export type SearchBooking = {
  id: number;
  number: string;
  number_alt: string | null;
  passengers_number: number;
  booking_status: { id: number; slug: string; label: string };
  referent_passenger: SearchPassenger | null;
  /** is_registered: already on the searched flight. */
  passengers: (SearchPassenger & { is_registered: boolean })[];
};
export type PassengerSearchResult = SearchBooking & { linked_bookings: SearchBooking[] };
