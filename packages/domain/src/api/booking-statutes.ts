// The booking statuses' contract: the rows of the status table (their meaning, colours and rules are the
// domain's BOOKING_STATUSES, matched by slug).

export const BOOKING_STATUTES_PATH = '/api/booking-statutes';

/** A status row as the status dialogs list them (booking and flight statuses alike). */
export type StatusRow = { id: number; slug: string; label: string };
