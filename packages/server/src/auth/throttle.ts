import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { sha256 } from './session-format.js';

// Sign-in attempts are rows of login_attempts, so every server process counts the same attempts.
// An attempt is RESERVED (inserted and counted in one transaction, serialized per key) before the password is
// checked: N parallel attempts count N, whatever the number of processes. A success removes its reservation; a
// failure keeps it (it is the failure's record); a refused (throttled) attempt leaves nothing, so the wait never
// grows by itself.

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL_AND_IP = 5;
export const MAX_FAILURES_PER_IP = 50;

export type ThrottleKey = { key: string; max: number };

/** The counters a sign-in attempt is checked against: (email, ip) and ip alone. */
export function loginKeys(email: string, ip: string): ThrottleKey[] {
  return [
    // Hashed: the table never holds email addresses, and the key fits its column whatever the email's length.
    { key: `login:${sha256(`${email}|${ip}`)}`, max: MAX_FAILURES_PER_EMAIL_AND_IP },
    { key: `ip:${ip}`.slice(0, 255), max: MAX_FAILURES_PER_IP },
  ];
}

/** Failures of the current password of a signed-in user (profile page), so a stolen session cannot guess it. */
export function passwordChangeKeys(userId: number): ThrottleKey[] {
  return [{ key: `password:${userId}`, max: MAX_FAILURES_PER_EMAIL_AND_IP }];
}

export type Reservation =
  | { isAllowed: false; waitMinutes: number }
  | {
      isAllowed: true;
      /** The attempt succeeded: its reservation goes, and the (email, ip) counter is cleared. */
      succeeded: () => Promise<void>;
    };

class Throttled extends Error {
  constructor(readonly waitMs: number) {
    super('throttled');
  }
}

/**
 * Counts this attempt against every key, atomically: on PostgreSQL an advisory lock per key (in a fixed order,
 * so two attempts never deadlock) serializes the insert-then-count of concurrent transactions across processes;
 * SQLite serializes writers by itself (the insert takes the write lock before the count).
 */
export async function reserveAttempt(
  db: Kysely<DB>,
  dialect: Dialect,
  keys: ThrottleKey[],
  now = Date.now(),
): Promise<Reservation> {
  const attemptedAt = new Date(now).toISOString();
  const since = new Date(now - LOGIN_WINDOW_MS).toISOString();
  let ids: number[];
  try {
    ids = await db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        for (const { key } of [...keys].sort((a, b) => a.key.localeCompare(b.key))) {
          await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
        }
      }
      const inserted = await trx
        .insertInto('login_attempts')
        .values(keys.map(({ key }) => ({ key, attempted_at: attemptedAt })))
        .returning('id')
        .execute();
      let waitMs = 0;
      for (const { key, max } of keys) {
        const rows = await trx
          .selectFrom('login_attempts')
          .select('attempted_at')
          .where('key', '=', key)
          .where('attempted_at', '>', since)
          .orderBy('attempted_at', 'asc')
          .orderBy('id', 'asc')
          .execute();
        // `rows` holds this attempt too (the last one): the earlier ones are what counts against it.
        const earlier = rows.length - 1;
        if (earlier < max) continue;
        // The counter drops below max when the attempt `max` places back leaves the window.
        const freeing = rows[earlier - max]!;
        waitMs = Math.max(waitMs, Date.parse(freeing.attempted_at) + LOGIN_WINDOW_MS - now, 1);
      }
      // Rolls the reservation back: a refused attempt is not counted.
      if (waitMs > 0) throw new Throttled(waitMs);
      return inserted.map((row) => Number(row.id));
    });
  } catch (error) {
    if (error instanceof Throttled) {
      return { isAllowed: false, waitMinutes: Math.max(1, Math.ceil(error.waitMs / 60_000)) };
    }
    throw error;
  }
  // Rows older than the window are useless; purged here so the table stays the size of one window.
  await db.deleteFrom('login_attempts').where('attempted_at', '<', since).execute();
  return {
    isAllowed: true,
    succeeded: async () => {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('login_attempts').where('id', 'in', ids).execute();
        // A success clears its own counter (the first key), never the ip-wide one.
        await trx.deleteFrom('login_attempts').where('key', '=', keys[0]!.key).execute();
      });
    },
  };
}
