// The calendar: dates as the product writes them (YYYY-MM-DD, a day without a time) and the arithmetic on them,
// one copy for the server and the web. Today is the day where the balloons fly: the operator's time zone (a
// setting, Europe/Paris unless changed), whatever the zone of the machine that asks (the server's clock may be UTC).

/** The operator's time zone until the setting says otherwise. */
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Zones that keep the European Union's summer time, with their offset from UTC in winter (minutes). Since 1996 the
 * clocks of them all go forward on the last Sunday of March at 01:00 UTC and back on the last Sunday of October at
 * 01:00 UTC (Directive 2000/84/EC). calendar.test.ts compares the rule with the time zone database on every day of
 * those years, at the two hours where a wrong offset gives a wrong date.
 */
const EU_SUMMER_TIME_ZONES: Readonly<Record<string, number>> = {
  'Europe/Paris': 60,
  'Europe/Brussels': 60,
  'Europe/Luxembourg': 60,
  'Europe/Monaco': 60,
  'Europe/Madrid': 60,
  'Europe/Berlin': 60,
  'Europe/Rome': 60,
  'Europe/Amsterdam': 60,
  'Europe/Zurich': 60,
  'Europe/London': 0,
};
const EU_RULE_YEARS = { from: 1996, to: 2037 } as const;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`, in ms. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * The date, YYYY-MM-DD, that the wall clocks of `timeZone` show at `now`, from the European Union's summer-time rule
 * alone, without the runtime's time zone database; null for a zone or a year the rule does not cover. A browser's
 * first read of a date in a zone loads that database: 80-130 ms of a phone's main thread, which the first screen of
 * a visit need not wait for (the web app reads the database once the page has loaded, see web/src/lib/today.ts).
 */
export function dayByEuRule(timeZone: string, now: Date = new Date()): string | null {
  const winter = EU_SUMMER_TIME_ZONES[timeZone];
  const year = now.getUTCFullYear();
  if (winter === undefined || year < EU_RULE_YEARS.from || year > EU_RULE_YEARS.to) return null;
  const t = now.getTime();
  const isSummer = t >= lastSundayAtOneUtc(year, 2) && t < lastSundayAtOneUtc(year, 9);
  return new Date(t + (winter + (isSummer ? 60 : 0)) * 60_000).toISOString().slice(0, 10);
}

/** True for a time zone name this runtime knows ('Europe/Paris', 'America/Guadeloupe', 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  // Known to every runtime, and asked at a page's start: the time zone database is not loaded for them.
  if (Object.hasOwn(EU_SUMMER_TIME_ZONES, name)) return true;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The date, YYYY-MM-DD, that the wall clocks of `timeZone` show at `now`. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `date` (YYYY-MM-DD) plus `months`, the day clamped to the end of a shorter month (31 January + 1 month =
 * 28 or 29 February), as PostgreSQL's interval arithmetic and the migration's back-fill do.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${pad(month + 1)}-${pad(Math.min(d, lastDay))}`;
}

/** `date` plus `days` (negative allowed), YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The calendar date on this machine's clock, YYYY-MM-DD (in the browser: the user's day). */
export function localDate(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
