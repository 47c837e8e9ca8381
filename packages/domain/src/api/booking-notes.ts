// The booking notes' contract.

export const BOOKING_NOTES_PATH = '/api/booking-notes';
