// The passenger types' contract.

export const PASSENGER_TYPES_PATH = '/api/passenger-types';
