import { spaceLinkMailSchema } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../auth/session-format.js';
import { reserveAttempt } from '../auth/throttle.js';
import { parseBody } from '../auth/validation.js';
import {
  addSpaceRequestedDate,
  createSpaceLink,
  createSpacePassenger,
  fileSpaceRegistrationRequest,
  flightWeightChanges,
  markWeightChangesSeen,
  readSpace,
  removeSpaceRequestedDate,
  resolveSpace,
  revokeSpaceLinks,
  type SpaceBooking,
  sendSpaceLinkMail,
  spaceLinkState,
  updateSpacePassenger,
} from '../services/booking-space.js';
import { configureSpaceLinks } from '../services/space-links.js';
import { bodyOf, pathId } from './params.js';

// Issue 28: the passenger's private space. Public routes under /api/space/{token}: no session and no anti-forgery
// token (the link is the key; nothing is done in the name of a signed-in user), CORS closed (no header is set, so no
// other site reads an answer), bodies of 16 kB at most (the public routes' limit, auth/plugin.ts), and counted per
// IP and per token in the login throttle's table before anything is read. Staff routes beside them create, revoke
// and send the link, and list and clear the flight's 'Poids modifié après inscription'.

const ANONYMOUS = { access: { access: 'public', isAnonymous: true } } as const;

/** Space requests one IP may make per 15 minutes (the login throttle's window): a few families behind one box. */
export const MAX_SPACE_REQUESTS_PER_IP = 300;
/** Space requests one link may take per 15 minutes: a customer filling a whole booking uses a fraction of it. */
export const MAX_SPACE_REQUESTS_PER_TOKEN = 100;

export const spaceKeys = (ip: string, token: string) => [
  // Hashed: the table never holds a token, and the key fits its column whatever was sent.
  { key: `space-token:${sha256(token)}`, max: MAX_SPACE_REQUESTS_PER_TOKEN },
  { key: `space-ip:${ip}`.slice(0, 255), max: MAX_SPACE_REQUESTS_PER_IP },
];

export const spaceThrottledMessage = (minutes: number) =>
  `Trop de demandes depuis votre connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`;

export async function registerSpaceRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect } = app.ctx;
  configureSpaceLinks(app.ctx.config.appUrl);

  /** Counts the request, then finds the booking of the token (one 404 for any bad token). */
  const open = async (request: FastifyRequest, reply: FastifyReply): Promise<SpaceBooking | null> => {
    const token = String((request.params as Record<string, string>).token ?? '').slice(0, 200);
    const attempt = await reserveAttempt(db, dialect, spaceKeys(request.ip, token));
    if (!attempt.isAllowed) {
      reply.code(429).send({ message: spaceThrottledMessage(attempt.waitMinutes) });
      return null;
    }
    reply.header('cache-control', 'no-store');
    // The token is in the path: no page of the space tells another site where it came from.
    reply.header('referrer-policy', 'no-referrer');
    return resolveSpace(db, token);
  };

  app.get('/api/space/:token', { config: ANONYMOUS }, async (request, reply) => {
    const booking = await open(request, reply);
    if (!booking) return reply;
    return readSpace(db, booking);
  });

  app.put('/api/space/:token/passengers/:passengerId', { config: ANONYMOUS }, async (request, reply) => {
    const booking = await open(request, reply);
    if (!booking) return reply;
    return updateSpacePassenger(db, booking, pathId(request, 'passengerId'), bodyOf(request));
  });

  app.post('/api/space/:token/passengers', { config: ANONYMOUS }, async (request, reply) => {
    const booking = await open(request, reply);
    if (!booking) return reply;
    return reply.code(201).send(await createSpacePassenger(db, booking, bodyOf(request)));
  });

  app.post('/api/space/:token/requested-dates', { config: ANONYMOUS }, async (request, reply) => {
    const booking = await open(request, reply);
    if (!booking) return reply;
    return reply.code(201).send(await addSpaceRequestedDate(db, booking, bodyOf(request)));
  });

  app.delete('/api/space/:token/requested-dates/:id', { config: ANONYMOUS }, async (request, reply) => {
    const booking = await open(request, reply);
    if (!booking) return reply;
    await removeSpaceRequestedDate(db, booking, pathId(request));
    return reply.code(204).send();
  });

  app.post('/api/space/:token/registration-requests', { config: ANONYMOUS }, async (request, reply) => {
    const booking = await open(request, reply);
    if (!booking) return reply;
    return reply.code(201).send(await fileSpaceRegistrationRequest(db, booking, bodyOf(request)));
  });

  // Staff: the booking page's block (any signed-in user, like the booking's mails).
  app.get('/api/bookings/:id/space-link', async (request) => spaceLinkState(db, pathId(request)));

  app.post('/api/bookings/:id/space-link', async (request, reply) => {
    return reply.code(201).send(await createSpaceLink(db, pathId(request), request.auth ?? null));
  });

  app.delete('/api/bookings/:id/space-link', async (request, reply) => {
    await revokeSpaceLinks(db, pathId(request), request.auth ?? null);
    return reply.code(204).send();
  });

  // 'Envoyer par email': to the buyer the confirmation (which carries the link), to a gift's beneficiary the
  // 'Bon cadeau : votre espace' mail. Each mail writes a link of its own (mail/compose.ts).
  app.post('/api/bookings/:id/space-link/email', async (request, reply) => {
    const bookingId = pathId(request);
    const { to } = parseBody(spaceLinkMailSchema, bodyOf(request));
    const queued = await sendSpaceLinkMail(db, request.auth ?? null, bookingId, to);
    return reply.code(202).send(queued);
  });

  // 'Poids modifié après inscription' on the flight page, and 'Vu' once the plan is redone.
  app.get('/api/flights/:id/weight-changes', async (request) => flightWeightChanges(db, pathId(request)));
  app.post('/api/flights/:id/weight-changes/seen', async (request) =>
    markWeightChangesSeen(db, pathId(request), request.auth ?? null),
  );
}
