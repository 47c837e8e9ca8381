import { fieldSyncSchema } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { getFieldBoarding, getFieldFlight, listFieldFlights, syncField } from '../services/field.js';
import { bodyOf, pathId } from './params.js';

// Issue 31, the launch field offline (services/field.ts). Every signed-in user (the default access of /api):
// the service narrows what each one sees and writes to the flights they crew, administrators to every flight.
export async function registerFieldRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.get('/api/field/flights', async (request) => listFieldFlights(db, request.auth));
  app.get('/api/field/flights/:id', async (request) => getFieldFlight(db, request.auth, pathId(request)));
  // The office's view of what the field recorded (the flight page): every signed-in user, as the flight itself.
  app.get('/api/flights/:id/field-boarding', async (request) => getFieldBoarding(db, pathId(request)));
  // One call for the whole queue (not one per flight): the device sends everything typed, in order, on one request
  // when the network comes back; each write gets its own result.
  app.post('/api/field/sync', async (request) => {
    const { operations } = fieldSyncSchema.parse(bodyOf(request));
    return { results: await syncField(db, request.auth, operations) };
  });
}
