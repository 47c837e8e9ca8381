import { AUTH_MESSAGES, profilePasswordSchema, profileSchema } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../auth/session-format.js';
import { loadSession } from '../auth/sessions.js';
import { parseBody } from '../auth/validation.js';
import { signedInUser } from '../core/context.js';
import { changePassword, updateProfile } from '../services/profile.js';

// The signed-in user's own page (route profile): validated here against the domain's session contract, written by
// services/profile.ts.

export async function registerProfileRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect } = app.ctx;

  /** Answers the session user (GET /api/me's `user`), so the SPA can replace its copy. */
  app.put('/api/profile', async (request) => {
    const actor = signedInUser(request.auth);
    await updateProfile(db, request.auth, actor.id, parseBody(profileSchema, request.body));
    const session = await loadSession(db, request.cookies[SESSION_COOKIE]!);
    return session!.user;
  });

  /** Other sessions of the user end (a password change is often a reaction to a doubt); this one stays. */
  app.put('/api/profile/password', async (request, reply) => {
    const actor = signedInUser(request.auth);
    const body = parseBody(profilePasswordSchema, request.body);
    const sessionId = request.auth?.kind === 'user' ? request.auth.sessionId : undefined;
    const refused = await changePassword(db, dialect, request.auth, actor.id, body, sessionId);
    if (refused) return reply.code(429).send({ message: AUTH_MESSAGES.throttled(refused.waitMinutes) });
    return { message: AUTH_MESSAGES.passwordChanged };
  });
}
