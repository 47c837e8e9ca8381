// The flight statuses' contract: the rows of the status table (their rules are the domain's FLIGHT_STATUSES).
// A row reads like a booking status row (StatusRow).

export const FLIGHT_STATUTES_PATH = '/api/flight-statutes';
