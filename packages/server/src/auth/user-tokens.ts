import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { randomToken, sha256 } from './session-format.js';

// Single-use links of the password flows. Only the sha256 of a token is stored; the raw token travels in the mail.
// A link is bound to the address it was mailed to and dies as soon as the account's email, password, role or
// active state changes, by whatever writer: the database voids it (migration 0025), no route has to remember to.

export type UserTokenKind = 'reset' | 'first_login';

export const USER_TOKEN_TTL_MS: Record<UserTokenKind, number> = {
  reset: 60 * 60_000,
  first_login: 7 * 24 * 60 * 60_000,
};

/**
 * A new token of this kind for the user; the previous unused ones of the same kind stop working. `sentTo` is the
 * address the link is mailed to (by default the account's current one): the token works only while it is still
 * the account's.
 */
export async function issueUserToken(
  db: Kysely<DB>,
  userId: number,
  kind: UserTokenKind,
  sentTo?: string,
): Promise<string> {
  const token = randomToken();
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    const email =
      sentTo ??
      (await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
    await trx
      .updateTable('user_tokens')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('user_tokens')
      .values({
        user_id: userId,
        kind,
        token_hash: sha256(token),
        email,
        expires_at: new Date(now.getTime() + USER_TOKEN_TTL_MS[kind]).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    // Tokens past their expiry for a day are of no use, not even to explain a refusal.
    await trx
      .deleteFrom('user_tokens')
      .where('expires_at', '<', new Date(now.getTime() - 86_400_000).toISOString())
      .execute();
  });
  return token;
}

/**
 * The usable token of this kind for this email (unknown, other kind, other email, used, expired, voided by a change
 * of the account, mailed to an address that is no longer the account's, or of a deactivated account all give
 * null).
 * Read-only: a caller checks it first, does its slow work (hashing the new password), then calls markTokenUsed in
 * the transaction that applies the change.
 */
export async function findUserToken(
  db: Kysely<DB>,
  token: string,
  kind: UserTokenKind,
  email: string,
  now = Date.now(),
): Promise<{ id: number; userId: number } | null> {
  const row = await db
    .selectFrom('user_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.expires_at', 't.used_at', 't.email as sent_to', 'u.email', 'u.is_active'])
    .where('t.token_hash', '=', sha256(token))
    .where('t.kind', '=', kind)
    .executeTakeFirst();
  // A deactivated account signs in by no path, a link issued after its deactivation included.
  if (!row || row.used_at !== null || Date.parse(row.expires_at) <= now || !row.is_active) return null;
  const given = email.trim().toLowerCase();
  if (row.sent_to.toLowerCase() !== given || row.email.toLowerCase() !== given) return null;
  return { id: row.id, userId: row.user_id };
}

/**
 * True when this call is the one that used the token: the update is conditional on used_at being null, so two
 * concurrent uses of one link cannot both succeed.
 */
export async function markTokenUsed(db: Kysely<DB>, id: number, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('user_tokens')
    .set({ used_at: new Date(now).toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
