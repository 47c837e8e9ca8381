// The passengers' contract.

export const PASSENGERS_PATH = '/api/passengers';
export const passengerPath = (id: number): string => `${PASSENGERS_PATH}/${id}`;

/** A passenger as the booking and flight pages list them (full_name built from the two names). */
export type PassengerSummary = {
  id: number;
  booking_id: number;
  ticket_number: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string;
  is_referent: number;
  email: string | null;
  phone: string | null;
  department: string | null;
  age: number | null;
  weight: number | null;
  passenger_type_id: number | null;
};
/** GET: the passenger's printed ticket (PDF). */
export const passengerTicketPdfPath = (id: number): string => `${passengerPath(id)}/ticket.pdf`;
