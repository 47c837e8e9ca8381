import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { sha256 } from './session-format.js';

// Failed sign-in attempts are rows of login_attempts, so every server process counts the same failures.
// Only failures are recorded; a refused (throttled) attempt is not, so the wait never grows by itself.

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

/** Minutes to wait before the next attempt is allowed, or null when none of the counters is full. */
export async function throttledFor(db: Kysely<DB>, keys: ThrottleKey[], now = Date.now()): Promise<number | null> {
  const since = new Date(now - LOGIN_WINDOW_MS).toISOString();
  let waitMs = 0;
  for (const { key, max } of keys) {
    const rows = await db
      .selectFrom('login_attempts')
      .select('attempted_at')
      .where('key', '=', key)
      .where('attempted_at', '>', since)
      .orderBy('attempted_at', 'asc')
      .execute();
    if (rows.length < max) continue;
    // The counter drops below max when this attempt leaves the window.
    const freeing = rows[rows.length - max]!;
    waitMs = Math.max(waitMs, Date.parse(freeing.attempted_at) + LOGIN_WINDOW_MS - now);
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 60_000)) : null;
}

export async function recordFailure(db: Kysely<DB>, keys: ThrottleKey[], now = Date.now()): Promise<void> {
  const attempted_at = new Date(now).toISOString();
  await db
    .insertInto('login_attempts')
    .values(keys.map(({ key }) => ({ key, attempted_at })))
    .execute();
  // Rows older than the window are useless; purged here so the table stays the size of one window.
  await db
    .deleteFrom('login_attempts')
    .where('attempted_at', '<', new Date(now - LOGIN_WINDOW_MS).toISOString())
    .execute();
}

/** A success clears its own counter (the (email, ip) one), never the ip-wide one. */
export async function clearFailures(db: Kysely<DB>, key: ThrottleKey): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key.key).execute();
}
