import { DEFAULT_TIME_ZONE, dayByEuRule, dayIn, isTimeZone } from '@app/domain';
import { afterPageLoad } from './after-load';

// The web's 'today' is the operator's day, as the server's (core/clock.ts): the date in the time zone of the setting
// operator_time_zone (Europe/Paris unless changed), not the browser's. A seller in Montréal at 20:00 books in Paris's
// tomorrow; the 'À venir' flights, the validity tags and the planning's today agree with the server's lists.

const STORAGE_KEY = 'operator-time-zone';

function remembered(): string {
  try {
    const zone = globalThis.localStorage?.getItem(STORAGE_KEY);
    return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

// Remembered on the device: the launch field's page, opened without network or the settings, reads it too.
let timeZone = remembered();

/** The time zone 'today' is read in. */
export const operatorTimeZone = (): string => timeZone;

/** Reads days in `zone` from now on (an unknown or empty name keeps the default: a day is always answered). */
export function setOperatorTimeZone(zone: string | null | undefined): void {
  timeZone = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, timeZone);
  } catch {
    // A browser refusing storage still reads today in the zone just set.
  }
}

// The browser's time zone database costs a phone 80-130 ms of its main thread the first time a date is read in a
// zone. The first screen reads today by the European summer-time rule when the zone keeps it (Paris by default);
// the database, loaded a moment after the page, answers from then on.
let isZoneDatabaseLoaded = false;
afterPageLoad(() => {
  dayIn(timeZone);
  isZoneDatabaseLoaded = true;
});

/** The operator's date at `now`, YYYY-MM-DD. */
export const today = (now: Date = new Date()): string =>
  (isZoneDatabaseLoaded ? null : dayByEuRule(timeZone, now)) ?? dayIn(timeZone, now);
