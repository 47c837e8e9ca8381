import type { z } from 'zod';
import { id, payload } from './common.js';

// SPEC §7.3 POST /api/registrations {flight_id, passenger_id}, one per selected passenger.
export const registrationCreateSchema = payload({ flight_id: id(), passenger_id: id() });
export type RegistrationCreate = z.input<typeof registrationCreateSchema>;
