// The calendar: dates as the product writes them (YYYY-MM-DD, a day without a time) and the arithmetic on them,
// one copy for the server and the web. Today is the day where the balloons fly: the operator's time zone (a
// setting, Europe/Paris unless changed), whatever the zone of the machine that asks (the server's clock may be UTC).

/** The operator's time zone until the setting says otherwise. */
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** True for a time zone name this runtime knows ('Europe/Paris', 'America/Guadeloupe', 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
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
