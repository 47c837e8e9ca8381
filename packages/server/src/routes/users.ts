import { schemaFields } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MESSAGES } from '../auth/messages.js';
import { sendPasswordLink } from '../auth/password-links.js';
import { emailField, nameField, parseBody, parseId, roleIdField } from '../auth/validation.js';
import type { RouteAccess, SessionUser } from '../core/context.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { isUniqueViolation } from '../engine/db-errors.js';
import { diffRow, recordHistory } from '../engine/history.js';
import { literalLimit } from '../engine/sql.js';

// Writes of the users page (capability manage_users, with NO su bypass). The list (GET /api/users) is a
// read-only resource of the engine with the same access. Users are created without a password and get a
// first-login link by mail.
//
// Beyond the spec: only a su may give the su role or touch a su account, so manage_users cannot be used to climb
// to su; nobody changes their own role or deletes their own account (no one locks themselves out).

const USERS: { access: RouteAccess } = { access: { capability: 'manage_users', suBypass: false } };

const createSchema = schemaFields.payload({
  first_name: nameField,
  last_name: nameField,
  email: emailField,
  role_id: roleIdField,
});
const updateSchema = schemaFields
  .payload({
    first_name: nameField,
    last_name: nameField,
    email: emailField,
    role_id: roleIdField,
    /** 0 deactivates: no sign-in any more, every session and pending link ended at once. */
    is_active: z.union([z.literal(0), z.literal(1)], { error: 'La valeur doit être 0 ou 1.' }),
  })
  .partial();

/** Tables whose rows keep their author: a user who wrote any of them is deactivated, never deleted. */
const HISTORY = ['booking_notes', 'flight_notes', 'outbox_mails', 'email_logs'] as const;

const USER_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'role_id',
  'is_active',
  'last_login_at',
  'created_at',
  'updated_at',
] as const;

export function actorOf(request: FastifyRequest): SessionUser {
  if (request.auth?.kind !== 'user') throw new ForbiddenError();
  return request.auth.user;
}

async function assertEmailFree(db: Kysely<DB>, email: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw ValidationError.field('email', MESSAGES.emailTaken);
}

async function assertRoleAssignable(db: Kysely<DB>, actor: SessionUser, roleId: number): Promise<void> {
  const role = await db.selectFrom('roles').select('slug').where('id', '=', roleId).executeTakeFirst();
  if (!role) throw ValidationError.field('role_id', MESSAGES.unknownRole);
  if (role.slug === 'su' && actor.role.slug !== 'su') throw new ForbiddenError(MESSAGES.suRoleReserved);
}

async function findTarget(db: Kysely<DB>, actor: SessionUser, rawId: unknown) {
  const id = parseId(rawId);
  const target =
    id === null
      ? undefined
      : await db
          .selectFrom('users')
          .innerJoin('roles', 'roles.id', 'users.role_id')
          .select(['users.id', 'users.first_name', 'users.email', 'users.password_hash', 'roles.slug as role_slug'])
          .where('users.id', '=', id)
          .executeTakeFirst();
  if (!target) throw new NotFoundError(MESSAGES.userNotFound);
  if (target.role_slug === 'su' && actor.role.slug !== 'su') throw new ForbiddenError(MESSAGES.suRoleReserved);
  return target;
}

/** A clash found by the unique index itself (two concurrent creations) is the same 422 as the early check. */
const uniqueEmail = (error: unknown): never => {
  if (isUniqueViolation(error)) throw ValidationError.field('email', MESSAGES.emailTaken);
  throw error;
};

export async function registerUserRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const { db } = ctx;

  app.post('/api/users', { config: USERS }, async (request, reply) => {
    const actor = actorOf(request);
    const body = parseBody(createSchema, request.body);
    await assertRoleAssignable(db, actor, body.role_id);
    await assertEmailFree(db, body.email);
    const now = new Date().toISOString();
    const user = await db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('users')
          .values({ ...body, password_hash: null, created_at: now, updated_at: now })
          .returning(USER_COLUMNS)
          .executeTakeFirstOrThrow();
        await recordHistory(trx, request.auth, [
          { resource: 'users', recordId: row.id, action: 'create', changes: diffRow(null, body) },
        ]);
        return row;
      })
      .catch(uniqueEmail);
    try {
      await sendPasswordLink(ctx, user, 'first_login');
    } catch (error) {
      // The account exists; the failure is in the outbox and "Renvoyer l'invitation" sends a new link.
      request.log.error({ err: error }, "échec de l'envoi de l'invitation");
    }
    return reply.code(201).send(user);
  });

  app.put('/api/users/:id', { config: USERS }, async (request) => {
    const actor = actorOf(request);
    const target = await findTarget(db, actor, (request.params as { id: string }).id);
    const body = parseBody(updateSchema, request.body);
    if (body.role_id !== undefined) {
      if (target.id === actor.id && body.role_id !== actor.role_id)
        throw ValidationError.field('role_id', MESSAGES.ownRole);
      await assertRoleAssignable(db, actor, body.role_id);
    }
    if (body.email !== undefined) await assertEmailFree(db, body.email, target.id);
    if (body.is_active === 0 && target.id === actor.id) {
      throw ValidationError.field('is_active', 'Vous ne pouvez pas désactiver votre propre compte.');
    }
    return db
      .transaction()
      .execute(async (trx) => {
        // Pending password links die with any change of email, role or active state (migration 0025's trigger).
        if (body.is_active === 0) await trx.deleteFrom('sessions').where('user_id', '=', target.id).execute();
        const before = await trx
          .selectFrom('users')
          .select(USER_COLUMNS)
          .where('id', '=', target.id)
          .executeTakeFirst();
        const row = await trx
          .updateTable('users')
          .set({ ...body, updated_at: new Date().toISOString() })
          .where('id', '=', target.id)
          .returning(USER_COLUMNS)
          .executeTakeFirstOrThrow();
        await recordHistory(trx, request.auth, [
          { resource: 'users', recordId: target.id, action: 'update', changes: diffRow(before ?? null, body) },
        ]);
        return row;
      })
      .catch(uniqueEmail);
  });

  app.delete('/api/users/:id', { config: USERS }, async (request, reply) => {
    const actor = actorOf(request);
    const target = await findTarget(db, actor, (request.params as { id: string }).id);
    if (target.id === actor.id) throw new ValidationError({ id: [MESSAGES.selfDelete] }, MESSAGES.selfDelete);
    for (const table of HISTORY) {
      const used = await db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', target.id)
        .limit(literalLimit(1))
        .executeTakeFirst();
      if (used) throw new ConflictError('Cet utilisateur a un historique (notes, emails) : désactivez-le plutôt.');
    }
    // Sessions and tokens go with the row (ON DELETE CASCADE); notes and mail logs keep their text (SET NULL).
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('users').select(USER_COLUMNS).where('id', '=', target.id).executeTakeFirst();
      await trx.deleteFrom('users').where('id', '=', target.id).execute();
      await recordHistory(trx, request.auth, [
        { resource: 'users', recordId: target.id, action: 'delete', changes: diffRow(before ?? null, null) },
      ]);
    });
    return reply.code(204).send();
  });

  app.post('/api/users/:id/invite', { config: USERS }, async (request, reply) => {
    const actor = actorOf(request);
    const target = await findTarget(db, actor, (request.params as { id: string }).id);
    if (target.password_hash !== null)
      throw new ValidationError({ id: [MESSAGES.alreadyActivated] }, MESSAGES.alreadyActivated);
    try {
      await sendPasswordLink(ctx, target, 'first_login');
    } catch (error) {
      request.log.error({ err: error }, "échec de l'envoi de l'invitation");
      return reply.code(502).send({ message: MESSAGES.invitationFailed });
    }
    return { message: 'Invitation envoyée.' };
  });
}
