// The bookings' contract.

export const BOOKINGS_PATH = '/api/bookings';
export const bookingPath = (id: number): string => `${BOOKINGS_PATH}/${id}`;

/** A booking as the flight page groups its passengers under it. */
export type BookingSummary = {
  id: number;
  number: string;
  number_alt: string | null;
  booked_at: string | null;
  passengers_number: number;
  booking_status_id: number;
  booking_status: { id: number; slug: string; label: string };
  customer_id: number | null;
  location_id: number | null;
  prestation_id: number | null;
  has_pre_flight_infos: number;
};
