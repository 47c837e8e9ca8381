import { payload } from '../schemas/common.js';
import { labelShape } from '../schemas/shapes.js';

// The business providers' contract.

export const BUSINESS_PROVIDERS_PATH = '/api/business-providers';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

export const businessProviderCreateSchema = payload(labelShape);
export const businessProviderUpdateSchema = payload(labelShape).partial();
