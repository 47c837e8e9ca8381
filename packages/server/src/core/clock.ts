import { DEFAULT_TIME_ZONE, dayIn, isTimeZone } from '@app/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

// The operator's day: every 'today' of the server (the dashboard, the kept reads and the passengers' next flights,
// validity and the daily expiry job, the field's flights, the reports, the customer space and the public planning)
// is this one, read in the time zone of the setting operator_time_zone (Europe/Paris unless changed), whatever the
// zone of the server's own clock. The zone is held in memory, because today() is asked on every kept read and inside
// SQL that is built without waiting: read from the settings when the app starts and at each tick of the daily jobs
// (another server process may have changed it), set at once when this process writes the setting.

let timeZone = DEFAULT_TIME_ZONE;

/** The time zone 'today' is read in. */
export const operatorTimeZone = (): string => timeZone;

/** Reads days in `zone` from now on (an unknown or empty name keeps the default: a day is always answered). */
export function setTimeZone(zone: string | null | undefined): void {
  timeZone = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** Reads the setting into the clock; the zone in use afterwards. */
export async function loadTimeZone(db: Kysely<DB>): Promise<string> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'operator_time_zone')
    .executeTakeFirst();
  setTimeZone(row?.value);
  return timeZone;
}

/** The operator's date at `now`, YYYY-MM-DD. */
export const today = (now: Date = new Date()): string => dayIn(timeZone, now);
