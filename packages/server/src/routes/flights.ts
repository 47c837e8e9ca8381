import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { duplicateFlight, listFlightBookings } from '../services/flights.js';
import { isIsoDate } from '../services/planning.js';
import { bodyOf, pathId, switchField } from './params.js';

const missingOr = (missing: string, invalid: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? missing : invalid;

/** SPEC §5.1: date and time are required on a duplicated flight; times are sent with seconds (§5.2). */
export const duplicateFlightSchema = z.object({
  scheduled_date: z
    .string({ error: missingOr('La date est obligatoire.', 'La date est invalide.') })
    .min(1, 'La date est obligatoire.')
    .refine(isIsoDate, 'La date est invalide.'),
  scheduled_time: z
    .string({ error: missingOr("L'heure est obligatoire.", "L'heure est invalide.") })
    .min(1, "L'heure est obligatoire.")
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "L'heure est invalide.")
    .transform((t) => (t.length === 5 ? `${t}:00` : t)),
  with_teammates: switchField,
  with_passengers: switchField,
  with_notes: switchField,
});

export async function registerFlightRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.get('/api/flights/:id/bookings', async (request) => listFlightBookings(db, pathId(request)));
  app.post('/api/flights/:id/duplicate', async (request, reply) => {
    const id = pathId(request);
    const input = duplicateFlightSchema.parse(bodyOf(request));
    const flight = await duplicateFlight(db, id, input);
    return reply.code(201).send(flight);
  });
}
