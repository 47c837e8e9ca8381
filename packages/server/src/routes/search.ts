import { schemaFields } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hasControlCharacter, MAX_SEARCH_LENGTH } from '../engine/limits.js';
import { readVersions } from '../http/kept-reads.js';
import { searchPassengersForFlight } from '../services/passenger-search.js';
import { bodyOf } from './params.js';

export const passengersForFlightSchema = schemaFields.payload({
  search: z
    .string({ error: 'La recherche est obligatoire.' })
    .max(MAX_SEARCH_LENGTH, `La recherche ne peut pas dépasser ${MAX_SEARCH_LENGTH} caractères.`)
    .refine((v) => !hasControlCharacter(v), 'Caractère de contrôle non autorisé.'),
  flight_id: z.coerce
    .number({ error: 'Le vol est obligatoire.' })
    .int('Le vol est obligatoire.')
    .positive('Le vol est obligatoire.'),
});

export async function registerSearchRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  // The answer comes from the database as JSON text: sent as it is, never parsed and serialised again.
  app.post('/api/search/passengers-for-flight', async (request, reply) => {
    const answer = await searchPassengersForFlight(
      db,
      app.ctx.dialect,
      passengersForFlightSchema.parse(bodyOf(request)),
      readVersions(request),
    );
    return reply.type('application/json; charset=utf-8').send(answer);
  });
}
