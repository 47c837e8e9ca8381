import type { z } from 'zod';
import { flag, id, payload } from '../schemas/common.js';

// The registrations' contract: a passenger on a flight.

export const REGISTRATIONS_PATH = '/api/registrations';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

// POST /api/registrations {flight_id, passenger_id}, one per selected passenger.
// `force`: the user saw the over-capacity warning and confirmed; without it a registration beyond the
// balloon's seats is refused (409), so no seat is given twice in a race.
export const registrationCreateSchema = payload({ flight_id: id(), passenger_id: id(), force: flag().optional() });
export type RegistrationCreate = z.input<typeof registrationCreateSchema>;
