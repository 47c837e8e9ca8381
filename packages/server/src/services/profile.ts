import { AUTH_MESSAGES } from '@app/domain';
import type { Kysely } from 'kysely';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../auth/passwords.js';
import { deleteUserSessions } from '../auth/sessions.js';
import { passwordChangeKeys, reserveAttempt } from '../auth/throttle.js';
import type { Auth } from '../core/context.js';
import { ValidationError } from '../core/errors.js';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { isUniqueViolation } from '../engine/db-errors.js';
import { diffRow, recordHistory, SECRET_MARKER } from '../engine/history.js';

// The signed-in user's own page (route profile): name and email, and the password (current one required). A new
// email or password voids the user's pending password links (migration 0025's trigger). routes/profile.ts
// validates and answers.

export type ProfileFields = { first_name: string; last_name: string; email: string };

/** Writes the user's name and email; an email another account holds is a 422, even when two writes race. */
export async function updateProfile(db: Kysely<DB>, auth: Auth | null, userId: number, fields: ProfileFields) {
  const clash = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', fields.email)
    .where('id', '<>', userId)
    .executeTakeFirst();
  if (clash) throw ValidationError.field('email', AUTH_MESSAGES.emailTaken);
  await db
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom('users')
        .select(['first_name', 'last_name', 'email'])
        .where('id', '=', userId)
        .executeTakeFirst();
      await trx
        .updateTable('users')
        .set({ ...fields, updated_at: new Date().toISOString() })
        .where('id', '=', userId)
        .execute();
      await recordHistory(trx, auth, [
        { resource: 'users', recordId: userId, action: 'update', changes: diffRow(before ?? null, fields) },
      ]);
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw ValidationError.field('email', AUTH_MESSAGES.emailTaken);
      throw error;
    });
}

/**
 * Changes the password once the current one is checked, under the attempts' limit (the minutes to wait when spent).
 * Other sessions of the user end (a password change is often a reaction to a doubt); `keepSessionId` stays.
 */
export async function changePassword(
  db: Kysely<DB>,
  dialect: Dialect,
  auth: Auth | null,
  userId: number,
  passwords: { current_password: string; password: string },
  keepSessionId: string | undefined,
): Promise<{ waitMinutes: number } | null> {
  const attempt = await reserveAttempt(db, dialect, passwordChangeKeys(userId));
  if (!attempt.isAllowed) return { waitMinutes: attempt.waitMinutes };
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  const isValid = user?.password_hash
    ? await verifyPassword(passwords.current_password, user.password_hash)
    : await verifyAgainstNothing(passwords.current_password);
  if (!isValid) throw ValidationError.field('current_password', AUTH_MESSAGES.currentPasswordWrong);
  await attempt.succeeded();
  const passwordHash = await hashPassword(passwords.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .execute();
    if (keepSessionId !== undefined) await deleteUserSessions(trx, userId, keepSessionId);
    // The change is recorded, never the hash (engine/history.ts masks it).
    await recordHistory(trx, auth, [
      {
        resource: 'users',
        recordId: userId,
        action: 'update',
        changes: { password_hash: [SECRET_MARKER, SECRET_MARKER] },
      },
    ]);
  });
  return null;
}
