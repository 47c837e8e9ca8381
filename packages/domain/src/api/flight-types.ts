// The flight types' contract.

export const FLIGHT_TYPES_PATH = '/api/flight-types';
