// The API keys' contract: creating one answers its token, shown once.

export const API_CLIENTS_PATH = '/api/api-clients';

/** The machine-readable description of what a key opens, for the partner's developer. */
export const OPENAPI_PATH = '/api/openapi.json';
