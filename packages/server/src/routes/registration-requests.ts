import type { FastifyInstance } from 'fastify';
import { acceptRegistrationRequest, refuseRegistrationRequest } from '../services/registration-requests.js';
import { pathId } from './params.js';

// Staff decide a registration request (issue 11 point 4; 'Accepter' / 'Refuser'). The list is the
// engine's GET /api/registration-requests (resources/registration-requests.ts).
export async function registerRegistrationRequestRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.post('/api/registration-requests/:id/accept', async (request) =>
    acceptRegistrationRequest(db, pathId(request), request.auth ?? null),
  );
  app.post('/api/registration-requests/:id/refuse', async (request) =>
    refuseRegistrationRequest(db, pathId(request), request.auth ?? null),
  );
}
