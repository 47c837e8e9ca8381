// The API keys' contract: creating one answers its token, shown once.

export const API_CLIENTS_PATH = '/api/api-clients';
