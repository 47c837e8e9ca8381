// The take-off places' contract.

export const LOCATIONS_PATH = '/api/locations';
