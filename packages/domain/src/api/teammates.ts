import type { z } from 'zod';
import { payload } from '../schemas/common.js';
import { personShape } from '../schemas/shapes.js';

// The ground crew's contract.

export const TEAMMATES_PATH = '/api/teammates';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

export const teammateCreateSchema = payload(personShape);
export const teammateUpdateSchema = payload(personShape).partial();
export type TeammateCreate = z.input<typeof teammateCreateSchema>;
