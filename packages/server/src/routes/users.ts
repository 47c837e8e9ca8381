import { AUTH_MESSAGES, userCreateSchema, userUpdateSchema } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendPasswordLink } from '../auth/password-links.js';
import { parseBody } from '../auth/validation.js';
import { type RouteAccess, signedInUser } from '../core/context.js';
import { createUser, deleteUser, findUserTarget, updateUser, userToInvite } from '../services/users.js';

// Writes of the users page (capability manage_users, with NO su bypass): validated here against the domain's users
// contract, ruled and written by services/users.ts. The list (GET /api/users) is a read-only resource of the engine
// with the same access. Users are created without a password and get a first-login link by mail.

const USERS: { access: RouteAccess } = { access: { capability: 'manage_users', suBypass: false } };

export async function registerUserRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const { db } = ctx;
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.post('/api/users', { config: USERS }, async (request, reply) => {
    const user = await createUser(
      db,
      request.auth,
      signedInUser(request.auth),
      parseBody(userCreateSchema, request.body),
    );
    try {
      await sendPasswordLink(ctx, user, 'first_login');
    } catch (error) {
      // The account exists; the failure is in the outbox and "Renvoyer l'invitation" sends a new link.
      request.log.error({ err: error }, "échec de l'envoi de l'invitation");
    }
    return reply.code(201).send(user);
  });

  app.put('/api/users/:id', { config: USERS }, async (request) => {
    const actor = signedInUser(request.auth);
    const target = await findUserTarget(db, actor, idOf(request));
    return updateUser(db, request.auth, actor, target, parseBody(userUpdateSchema, request.body));
  });

  app.delete('/api/users/:id', { config: USERS }, async (request, reply) => {
    await deleteUser(db, request.auth, signedInUser(request.auth), idOf(request));
    return reply.code(204).send();
  });

  app.post('/api/users/:id/invite', { config: USERS }, async (request, reply) => {
    const target = await userToInvite(db, signedInUser(request.auth), idOf(request));
    try {
      await sendPasswordLink(ctx, target, 'first_login');
    } catch (error) {
      request.log.error({ err: error }, "échec de l'envoi de l'invitation");
      return reply.code(502).send({ message: AUTH_MESSAGES.invitationFailed });
    }
    return { message: 'Invitation envoyée.' };
  });
}
