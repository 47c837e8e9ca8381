import { isCalendarDate, MESSAGES } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../core/errors.js';
import { keptRead } from '../http/kept-reads.js';
import { type PlanningDay, type PlanningFlightItem, planningDay } from '../services/planning.js';
import { parseRange, planningRange, planningRangeJson } from '../services/planning-range.js';
import { bodyOf } from './params.js';

/**
 * An API key reads the planning as the flights resource lets it (Resource.apiClient): flights with their place,
 * balloon and seats, never who flies (pilot), the passengers' weights, nor the staff's notes and events.
 */
function forApiClient(day: PlanningDay): PlanningDay {
  const items = day.items.flatMap((item) => {
    if (item.kind !== 'flight') return [];
    const {
      pilot: _pilot,
      pilot_id: _pilotId,
      total_weight: _weight,
      takeoff_temperature: _temperature,
      flight_max_altitude: _altitude,
      compliance: _compliance,
      ...rest
    } = item;
    return [rest as PlanningFlightItem];
  });
  return { items, pending_passengers: day.pending_passengers };
}

export async function registerPlanningRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  // Read-only planning: API clients may call it with their bearer token.
  app.post('/api/planning/day', { config: { access: { access: 'api-client' } } }, async (request, reply) => {
    const { day } = bodyOf(request);
    // The day of the sidebar must be a date, else this exact message.
    if (typeof day !== 'string' || !isCalendarDate(day)) {
      throw new ValidationError({ day: [MESSAGES.unexpectedFlightParameter] }, MESSAGES.unexpectedFlightParameter);
    }
    return keptRead(request, reply, { table: 'flights', body: day }, async (versions) => {
      const answer = await planningDay(db, day, versions);
      return request.auth?.kind === 'api-client' ? forApiClient(answer) : answer;
    });
  });
  // The calendar's week or month (issue 9); an API key gets the flights only, as on the day read.
  app.post('/api/planning/range', { config: { access: { access: 'api-client' } } }, async (request, reply) => {
    const { from, to } = parseRange(bodyOf(request));
    return keptRead(request, reply, { table: 'flights', body: `${from}|${to}` }, async (versions) => {
      if (request.auth?.kind === 'api-client') return { ...(await planningRange(db, from, to, versions)), events: [] };
      return planningRangeJson(db, from, to, versions);
    });
  });
}
