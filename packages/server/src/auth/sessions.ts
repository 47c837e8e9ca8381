import type { FastifyReply } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config.js';
import { registerCache } from '../core/caches.js';
import type { SessionUser } from '../core/context.js';
import { changeStamp, KeptPerDatabase } from '../db/change-stamp.js';
import { isPostgres } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { precompiled } from '../services/precompiled.js';
import { CSRF_COOKIE, randomToken, SESSION_COOKIE, SESSION_TTL_MS, sha256 } from './session-format.js';

// Sessions live in the database only (several server processes may serve the same browser). Format: session-format.ts.

/** last_seen_at / expires_at are written at most this often per session: no write on every API call. */
export const TOUCH_INTERVAL_MS = 60_000;

export type LoadedSession = {
  id: string;
  csrfToken: string;
  expiresAt: string;
  lastSeenAt: string;
  user: SessionUser;
  /**
   * What the database looked like when the session was read, to label the answers kept for this request
   * (http/kept-reads.ts) at no extra cost: on SQLite the change stamp read just before (db/change-stamp.ts), on
   * PostgreSQL the sum of every table's version (migration 0014) read in the session's own statement. Versions only
   * grow, so the sum moves with any committed write to a tracked table.
   */
  dataVersion: string;
  /**
   * PostgreSQL: each table's version, read in that same statement. A read's caches (engine/count-cache.ts: totals,
   * the search's terms) compare with them instead of reading the versions again: one round trip fewer per searched or
   * counted list. Read before anything the request computes, as those caches require.
   */
  tableVersions?: ReadonlyMap<string, string>;
};

/** The versions read with the session: by table on PostgreSQL, their sum on SQLite. */
type VersionsRead = Record<string, number | string> | number | string | null;

/**
 * The session, its user, role and capabilities in ONE query by primary key (sessions.id), run on every API call.
 * Capabilities come as extra rows of the left join (a handful at most), so a change on the capabilities page takes
 * effect on the very next request in every process, with no cache to invalidate. Null when unknown or expired.
 */
const sessionQuery = precompiled(
  (db: Kysely<DB>, id: string) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .leftJoin('role_capabilities as rc', 'rc.role_id', 'r.id')
      .leftJoin('capabilities as c', 'c.id', 'rc.capability_id')
      .select([
        's.id',
        's.csrf_token',
        's.expires_at',
        's.last_seen_at',
        'u.id as user_id',
        'u.first_name',
        'u.last_name',
        'u.email',
        'u.role_id',
        'r.slug as role_slug',
        'r.label as role_label',
        'c.slug as capability',
        // PostgreSQL: every version by name (a few dozen rows), summed here for the label. SQLite labels with its
        // change stamp and keeps every version without a round trip (count-cache.ts): the sum only stands in for a
        // database without a stamp.
        (isPostgres(db)
          ? sql<VersionsRead>`(select json_object_agg(name, version) from table_versions)`
          : sql<VersionsRead>`(select sum(version) from table_versions)`
        ).as('versions'),
      ])
      .where('s.id', '=', id),
  1,
);

/**
 * Session rows by id, kept while the database is unchanged (SQLite: db/change-stamp.ts). They are read again only
 * after a write to the database (any table, any connection or process): a sign-out, a role or capability change, a
 * deleted user all count from the very next request, as with a read every time. Expiry is checked on every call.
 */
const keptSessions = new KeptPerDatabase<Awaited<ReturnType<typeof sessionQuery>>>(1_000);
registerCache(
  {
    name: 'auth/sessions.ts (keptSessions)',
    keeps: 'Session rows with their user, role and capabilities (SQLite)',
    key: "The session's id (the hash of its token)",
    invalidatedBy: 'Any write: the change stamp moves (db/change-stamp.ts); expiry is checked on every call',
    bound: '1,000 sessions per database',
    attachedTo: 'database',
  },
  (app) => keptSessions.forget(app.db),
);

export async function loadSession(db: Kysely<DB>, rawToken: string, now = Date.now()): Promise<LoadedSession | null> {
  // Precompiled (services/precompiled.ts): this runs before every API call; only the id changes.
  const id = sha256(rawToken);
  const load = () => sessionQuery(db, id);
  const stamp = changeStamp(db);
  const rows = await (keptSessions.read(db, id, load, stamp) ?? load());
  const first = rows[0];
  if (!first) return null;
  if (Date.parse(first.expires_at) <= now) {
    await db.deleteFrom('sessions').where('id', '=', first.id).execute();
    return null;
  }
  const read = first.versions;
  const versions =
    read !== null && typeof read === 'object'
      ? new Map(Object.entries(read).map(([name, version]) => [name, String(version)]))
      : null;
  const sum = versions ? [...versions.values()].reduce((total, v) => total + Number(v), 0) : read;
  return {
    id: first.id,
    csrfToken: first.csrf_token,
    expiresAt: first.expires_at,
    lastSeenAt: first.last_seen_at,
    dataVersion: stamp ?? String(sum),
    ...(stamp === null && versions ? { tableVersions: versions } : {}),
    user: {
      id: first.user_id,
      first_name: first.first_name,
      last_name: first.last_name,
      email: first.email,
      role_id: first.role_id,
      role: { id: first.role_id, slug: first.role_slug, label: first.role_label },
      capabilities: rows.flatMap((row) => (row.capability ? [row.capability] : [])).sort(),
    },
  };
}

/** Sliding expiry, written at most once a minute per session. */
export async function touchSession(db: Kysely<DB>, session: LoadedSession, now = Date.now()): Promise<void> {
  if (now - Date.parse(session.lastSeenAt) < TOUCH_INTERVAL_MS) return;
  await db
    .updateTable('sessions')
    .set({ last_seen_at: new Date(now).toISOString(), expires_at: new Date(now + SESSION_TTL_MS).toISOString() })
    .where('id', '=', session.id)
    .execute();
}

export async function createSession(db: Kysely<DB>, userId: number): Promise<{ token: string; csrfToken: string }> {
  const token = randomToken();
  const csrfToken = randomToken();
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      id: sha256(token),
      user_id: userId,
      csrf_token: csrfToken,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    })
    .execute();
  // Expired rows of every user are purged here, on sign-in (rare), rather than on every request.
  await db.deleteFrom('sessions').where('expires_at', '<', now.toISOString()).execute();
  return { token, csrfToken };
}

export async function deleteSession(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Signs a user out everywhere (password reset), or everywhere but the current session (password change). */
export async function deleteUserSessions(db: Kysely<DB>, userId: number, keepSessionId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '<>', keepSessionId);
  await query.execute();
}

// Both cookies are session cookies (no Max-Age): the server-side expires_at decides, closing the browser signs out.
const baseCookie = (config: Config) => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: config.secureCookies,
  ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
});

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...baseCookie(config), httpOnly: true });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { ...baseCookie(config), httpOnly: true });
}

/** Readable by the SPA, which copies it into the X-XSRF-TOKEN header of every mutating call. */
export function setCsrfCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, { ...baseCookie(config), httpOnly: false });
}

const requestSessions = new WeakMap<object, LoadedSession>();

/** The session loaded by the auth hook for this request (its csrf token, its id), if signed in by cookie. */
export const sessionOf = (request: object): LoadedSession | undefined => requestSessions.get(request);
export const attachSession = (request: object, session: LoadedSession): void => {
  requestSessions.set(request, session);
};
