import { schemaFields } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { getResource } from '../engine/index.js';
import { duplicateFlight, listFlightBookings } from '../services/flights.js';
import { bodyOf, pathId } from './params.js';

const { date, flag, payload, time } = schemaFields;
const isOn = (value: number | undefined) => value === 1;

/** The duplicate dialog: date and time required, times sent with seconds. */
export const duplicateFlightSchema = payload({
  scheduled_date: date(),
  scheduled_time: time(),
  with_teammates: flag().optional(),
  with_passengers: flag().optional(),
  with_notes: flag().optional(),
});

export async function registerFlightRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.get('/api/flights/:id/bookings', async (request) => listFlightBookings(db, pathId(request)));
  app.post('/api/flights/:id/duplicate', async (request, reply) => {
    const id = pathId(request);
    const input = duplicateFlightSchema.parse(bodyOf(request));
    const { id: newId } = await duplicateFlight(
      db,
      id,
      {
        scheduled_date: input.scheduled_date,
        scheduled_time: input.scheduled_time,
        with_teammates: isOn(input.with_teammates),
        with_passengers: isOn(input.with_passengers),
        with_notes: isOn(input.with_notes),
      },
      request.auth,
    );
    // Answered like GET /api/flights/{id}: the same shape as every other flight read.
    return reply.code(201).send(await getResource({ ...app.ctx, auth: request.auth }, 'flights', newId));
  });
}
