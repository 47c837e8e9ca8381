import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { randomToken, sha256 } from './session-format.js';
import { TOUCH_INTERVAL_MS } from './sessions.js';

// API clients: the token is shown once at creation; only its sha256 is stored (unique index).

/** Prefixed so a leaked key is recognisable in logs and by secret scanners. */
export const API_TOKEN_PREFIX = 'mgf_';

export async function createApiClient(
  db: Kysely<DB>,
  name: string,
): Promise<{ id: number; name: string; token: string; created_at: string }> {
  const token = `${API_TOKEN_PREFIX}${randomToken()}`;
  const row = await db
    .insertInto('api_clients')
    .values({ name, token_hash: sha256(token), created_at: new Date().toISOString() })
    .returning(['id', 'name', 'created_at'])
    .executeTakeFirstOrThrow();
  return { ...row, token };
}

export type ApiClientAuth = { id: number; name: string };

/** The client owning this bearer token, or null. last_used_at is written at most once a minute per client. */
export async function authenticateApiToken(
  db: Kysely<DB>,
  token: string,
  now = Date.now(),
): Promise<ApiClientAuth | null> {
  const row = await db
    .selectFrom('api_clients')
    .select(['id', 'name', 'last_used_at'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return null;
  if (!row.last_used_at || now - Date.parse(row.last_used_at) >= TOUCH_INTERVAL_MS) {
    await db
      .updateTable('api_clients')
      .set({ last_used_at: new Date(now).toISOString() })
      .where('id', '=', row.id)
      .execute();
  }
  return { id: row.id, name: row.name };
}
