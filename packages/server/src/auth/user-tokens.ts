import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { randomToken, sha256 } from './session-format.js';

// Single-use links of the password flows. Only the sha256 of a token is stored; the raw token travels in the mail.

export type UserTokenKind = 'reset' | 'first_login';

export const USER_TOKEN_TTL_MS: Record<UserTokenKind, number> = {
  reset: 60 * 60_000,
  first_login: 7 * 24 * 60 * 60_000,
};

/** A new token of this kind for the user; the previous unused ones of the same kind stop working. */
export async function issueUserToken(db: Kysely<DB>, userId: number, kind: UserTokenKind): Promise<string> {
  const token = randomToken();
  const now = new Date();
  await db.transaction().execute(async (trx) => {
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
 * The usable token of this kind for this email (unknown, other kind, other email, used and expired all give null).
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
    .select(['t.id', 't.user_id', 't.expires_at', 't.used_at', 'u.email'])
    .where('t.token_hash', '=', sha256(token))
    .where('t.kind', '=', kind)
    .executeTakeFirst();
  if (!row || row.used_at !== null || Date.parse(row.expires_at) <= now) return null;
  if (row.email.toLowerCase() !== email.trim().toLowerCase()) return null;
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
