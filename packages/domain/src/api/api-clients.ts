import { accountNameField } from '../schemas/accounts.js';
import { payload } from '../schemas/common.js';

// The API keys' contract: creating one answers its token, shown once.

export const API_CLIENTS_PATH = '/api/api-clients';

/** The machine-readable description of what a key opens, for the partner's developer. */
export const OPENAPI_PATH = '/api/openapi.json';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

/** POST: a name for the key (the partner's, as staff know it). */
export const apiClientCreateSchema = payload({ name: accountNameField });
