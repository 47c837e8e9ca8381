import { isCalendarDate, MESSAGES } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../http/errors.js';
import { planningDay } from '../services/planning.js';
import { bodyOf } from './params.js';

export async function registerPlanningRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  // Read-only planning: API clients (ARCHITECTURE §4) may call it with their bearer token.
  app.post('/api/planning/day', { config: { access: { access: 'api-client' } } }, async (request) => {
    const { day } = bodyOf(request);
    // SPEC §5.6 and §8: the day of the sidebar must be a date, else this exact message.
    if (typeof day !== 'string' || !isCalendarDate(day)) {
      throw new ValidationError({ day: [MESSAGES.unexpectedFlightParameter] }, MESSAGES.unexpectedFlightParameter);
    }
    return planningDay(db, day);
  });
}
