import { schemaFields } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../auth/messages.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../auth/passwords.js';
import { SESSION_COOKIE } from '../auth/session-format.js';
import { deleteUserSessions, loadSession } from '../auth/sessions.js';
import { passwordChangeKeys, reserveAttempt } from '../auth/throttle.js';
import { emailField, nameField, newPasswordFields, parseBody } from '../auth/validation.js';
import { ValidationError } from '../core/errors.js';
import { isUniqueViolation } from '../engine/db-errors.js';
import { diffRow, recordHistory, SECRET_MARKER } from '../engine/history.js';
import { actorOf } from './users.js';

// The signed-in user's own page (route profile): name and email, and the password (current one required). A new
// email or password voids the user's pending password links (migration 0025's trigger).

const profileSchema = schemaFields.payload({ first_name: nameField, last_name: nameField, email: emailField });
const passwordSchema = z
  .object({ current_password: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }).max(200) })
  .and(newPasswordFields);

export async function registerProfileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  /** Answers the session user (GET /api/me's `user`), so the SPA can replace its copy. */
  app.put('/api/profile', async (request) => {
    const actor = actorOf(request);
    const body = parseBody(profileSchema, request.body);
    const clash = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', body.email)
      .where('id', '<>', actor.id)
      .executeTakeFirst();
    if (clash) throw ValidationError.field('email', MESSAGES.emailTaken);
    await db
      .transaction()
      .execute(async (trx) => {
        const before = await trx
          .selectFrom('users')
          .select(['first_name', 'last_name', 'email'])
          .where('id', '=', actor.id)
          .executeTakeFirst();
        await trx
          .updateTable('users')
          .set({ ...body, updated_at: new Date().toISOString() })
          .where('id', '=', actor.id)
          .execute();
        await recordHistory(trx, request.auth, [
          { resource: 'users', recordId: actor.id, action: 'update', changes: diffRow(before ?? null, body) },
        ]);
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw ValidationError.field('email', MESSAGES.emailTaken);
        throw error;
      });
    const session = await loadSession(db, request.cookies[SESSION_COOKIE]!);
    return session!.user;
  });

  /** Other sessions of the user end (a password change is often a reaction to a doubt); this one stays. */
  app.put('/api/profile/password', async (request, reply) => {
    const actor = actorOf(request);
    const body = parseBody(passwordSchema, request.body);
    const attempt = await reserveAttempt(db, app.ctx.dialect, passwordChangeKeys(actor.id));
    if (!attempt.isAllowed) return reply.code(429).send({ message: MESSAGES.throttled(attempt.waitMinutes) });
    const user = await db.selectFrom('users').select('password_hash').where('id', '=', actor.id).executeTakeFirst();
    const isValid = user?.password_hash
      ? await verifyPassword(body.current_password, user.password_hash)
      : await verifyAgainstNothing(body.current_password);
    if (!isValid) throw ValidationError.field('current_password', MESSAGES.currentPasswordWrong);
    await attempt.succeeded();
    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
        .where('id', '=', actor.id)
        .execute();
      if (request.auth?.kind === 'user') await deleteUserSessions(trx, actor.id, request.auth.sessionId);
      // The change is recorded, never the hash (engine/history.ts masks it).
      await recordHistory(trx, request.auth, [
        {
          resource: 'users',
          recordId: actor.id,
          action: 'update',
          changes: { password_hash: [SECRET_MARKER, SECRET_MARKER] },
        },
      ]);
    });
    return { message: MESSAGES.passwordChanged };
  });
}
