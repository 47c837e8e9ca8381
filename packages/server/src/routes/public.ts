import { publicRegistrationRequestSchema, REGISTRATION_REQUEST_RECEIVED } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { reserveAttempt } from '../auth/throttle.js';
import { publicPlanningCache } from '../services/public-planning.js';
import { fileRegistrationRequest } from '../services/registration-requests.js';
import { bodyOf } from './params.js';

// The public planning widget's API (issue 11 point 3): no session, no anti-forgery token (the widget lives in an
// iframe on the operator's site, where our cookies do not follow), nothing personal in any answer.

const ANONYMOUS = { access: { access: 'public', isAnonymous: true } } as const;

/** Registration requests one IP may file per 15 minutes (the login throttle's window and table). */
export const MAX_REQUESTS_PER_IP = 10;

export const requestKeys = (ip: string) => [
  { key: `registration-request:${ip}`.slice(0, 255), max: MAX_REQUESTS_PER_IP },
];

export const throttledMessage = (minutes: number) =>
  `Trop de demandes envoyées depuis votre connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`;

export async function registerPublicRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect } = app.ctx;

  app.get('/api/public/planning', { config: ANONYMOUS }, async (request, reply) => {
    // Open to any site (a partner's page may read it with fetch), without credentials: set before the query is
    // checked so a 400 reaches the calling page too.
    reply.header('access-control-allow-origin', '*');
    reply.removeHeader('access-control-allow-credentials');
    const answer = await publicPlanningCache(app.ctx).get(request.query as Record<string, unknown>);
    return reply
      .code(answer.status)
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', `public, max-age=${answer.status === 200 ? 5 : 0}`)
      .send(answer.body);
  });

  app.post('/api/public/registration-requests', { config: ANONYMOUS }, async (request, reply) => {
    // Counted before anything is checked: a stream of malformed requests uses the allowance too.
    const attempt = await reserveAttempt(db, dialect, requestKeys(request.ip));
    if (!attempt.isAllowed) return reply.code(429).send({ message: throttledMessage(attempt.waitMinutes) });
    const input = publicRegistrationRequestSchema.parse(bodyOf(request));
    await fileRegistrationRequest(db, input);
    // The same answer whether a request was recorded or not (services/registration-requests.ts).
    return reply.code(202).send({ message: REGISTRATION_REQUEST_RECEIVED });
  });
}
