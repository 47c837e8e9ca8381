import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../http/errors.js';
import { isIsoDate, planningDay } from '../services/planning.js';
import { bodyOf } from './params.js';

/** SPEC §5.6 and §8: the day of the sidebar must be a date, else this exact message. */
export const UNEXPECTED_DAY_MESSAGE = 'Paramètre du vol inattendu';

export async function registerPlanningRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  // Read-only planning: API clients (ARCHITECTURE §4) may call it with their bearer token.
  app.post('/api/planning/day', { config: { access: { access: 'api-client' } } }, async (request) => {
    const { day } = bodyOf(request);
    if (!isIsoDate(day)) throw new ValidationError({ day: [UNEXPECTED_DAY_MESSAGE] }, UNEXPECTED_DAY_MESSAGE);
    return planningDay(db, day);
  });
}
