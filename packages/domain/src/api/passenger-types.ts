import { payload } from '../schemas/common.js';
import { labelShape } from '../schemas/shapes.js';

// The passenger types' contract.

export const PASSENGER_TYPES_PATH = '/api/passenger-types';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

export const passengerTypeCreateSchema = payload(labelShape);
export const passengerTypeUpdateSchema = payload(labelShape).partial();
