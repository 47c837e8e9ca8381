// The registrations' contract: a passenger on a flight.

export const REGISTRATIONS_PATH = '/api/registrations';
