// The flight notes' contract.

export const FLIGHT_NOTES_PATH = '/api/flight-notes';
