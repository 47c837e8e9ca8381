import { AUTH_MESSAGES } from '@app/domain';
import type { Kysely } from 'kysely';
import { parseId } from '../auth/validation.js';
import type { Auth, SessionUser } from '../core/context.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { isUniqueViolation } from '../engine/db-errors.js';
import { diffRow, recordHistory } from '../engine/history.js';
import { literalLimit } from '../engine/sql.js';

// The users page's rules and writes (routes/users.ts validates and answers). Only a su may give the su role or
// touch a su account, so manage_users cannot be used to climb to su; nobody changes their own role, deactivates
// or deletes their own account (no one locks themselves out).

export type UserCreate = { first_name: string; last_name: string; email: string; role_id: number };
export type UserUpdate = Partial<UserCreate & { is_active: 0 | 1 }>;

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

async function assertEmailFree(db: Kysely<DB>, email: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw ValidationError.field('email', AUTH_MESSAGES.emailTaken);
}

async function assertRoleAssignable(db: Kysely<DB>, actor: SessionUser, roleId: number): Promise<void> {
  const role = await db.selectFrom('roles').select('slug').where('id', '=', roleId).executeTakeFirst();
  if (!role) throw ValidationError.field('role_id', AUTH_MESSAGES.unknownRole);
  if (role.slug === 'su' && actor.role.slug !== 'su') throw new ForbiddenError(AUTH_MESSAGES.suRoleReserved);
}

/** The user a request names by its id, if the actor may touch it (a su account: su only); 404 otherwise. */
export async function findUserTarget(db: Kysely<DB>, actor: SessionUser, rawId: unknown) {
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
  if (!target) throw new NotFoundError(AUTH_MESSAGES.userNotFound);
  if (target.role_slug === 'su' && actor.role.slug !== 'su') throw new ForbiddenError(AUTH_MESSAGES.suRoleReserved);
  return target;
}

/** A clash found by the unique index itself (two concurrent creations) is the same 422 as the early check. */
const uniqueEmail = (error: unknown): never => {
  if (isUniqueViolation(error)) throw ValidationError.field('email', AUTH_MESSAGES.emailTaken);
  throw error;
};

/** POST /api/users: the account, without a password (the first-login link is sent by the route). */
export async function createUser(db: Kysely<DB>, auth: Auth | null, actor: SessionUser, body: UserCreate) {
  await assertRoleAssignable(db, actor, body.role_id);
  await assertEmailFree(db, body.email);
  const now = new Date().toISOString();
  return db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({ ...body, password_hash: null, created_at: now, updated_at: now })
        .returning(USER_COLUMNS)
        .executeTakeFirstOrThrow();
      await recordHistory(trx, auth, [
        { resource: 'users', recordId: row.id, action: 'create', changes: diffRow(null, body) },
      ]);
      return row;
    })
    .catch(uniqueEmail);
}

/** PUT /api/users/{id} of a target found by findUserTarget (its 404 comes before the payload's 422). */
export async function updateUser(
  db: Kysely<DB>,
  auth: Auth | null,
  actor: SessionUser,
  target: { id: number },
  body: UserUpdate,
) {
  if (body.role_id !== undefined) {
    if (target.id === actor.id && body.role_id !== actor.role_id)
      throw ValidationError.field('role_id', AUTH_MESSAGES.ownRole);
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
      const before = await trx.selectFrom('users').select(USER_COLUMNS).where('id', '=', target.id).executeTakeFirst();
      const row = await trx
        .updateTable('users')
        .set({ ...body, updated_at: new Date().toISOString() })
        .where('id', '=', target.id)
        .returning(USER_COLUMNS)
        .executeTakeFirstOrThrow();
      await recordHistory(trx, auth, [
        { resource: 'users', recordId: target.id, action: 'update', changes: diffRow(before ?? null, body) },
      ]);
      return row;
    })
    .catch(uniqueEmail);
}

/** DELETE /api/users/{id}: refused (409) for a user who wrote notes or mails: deactivate them instead. */
export async function deleteUser(db: Kysely<DB>, auth: Auth | null, actor: SessionUser, rawId: unknown): Promise<void> {
  const target = await findUserTarget(db, actor, rawId);
  if (target.id === actor.id) throw new ValidationError({ id: [AUTH_MESSAGES.selfDelete] }, AUTH_MESSAGES.selfDelete);
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
    await recordHistory(trx, auth, [
      { resource: 'users', recordId: target.id, action: 'delete', changes: diffRow(before ?? null, null) },
    ]);
  });
}

/** POST /api/users/{id}/invite: the user to invite again; refused once they chose a password. */
export async function userToInvite(db: Kysely<DB>, actor: SessionUser, rawId: unknown) {
  const target = await findUserTarget(db, actor, rawId);
  if (target.password_hash !== null)
    throw new ValidationError({ id: [AUTH_MESSAGES.alreadyActivated] }, AUTH_MESSAGES.alreadyActivated);
  return target;
}
