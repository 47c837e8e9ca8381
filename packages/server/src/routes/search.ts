import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { searchPassengersForFlight } from '../services/passenger-search.js';
import { bodyOf } from './params.js';

export const passengersForFlightSchema = z.object({
  search: z.string({ error: 'La recherche est obligatoire.' }),
  flight_id: z.coerce
    .number({ error: 'Le vol est obligatoire.' })
    .int('Le vol est obligatoire.')
    .positive('Le vol est obligatoire.'),
});

export async function registerSearchRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.post('/api/search/passengers-for-flight', async (request) =>
    searchPassengersForFlight(db, passengersForFlightSchema.parse(bodyOf(request))),
  );
}
