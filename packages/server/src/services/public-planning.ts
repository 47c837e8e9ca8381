import {
  addDays,
  FLIGHT_STATUSES,
  isCalendarDate,
  type PublicFlight,
  type PublicPlanning,
  SETTING_DEFAULTS,
} from '@app/domain';
import type { Kysely } from 'kysely';
import { defineCache } from '../core/caches.js';
import { today } from '../core/clock.js';
import type { AppContext } from '../core/context.js';
import { BadRequestError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { literalLimit } from '../engine/sql.js';

// GET /api/public/planning (issue 11 point 3): the coming public flights for the widget an operator embeds in its
// site. Anyone may call it, so it answers only what a visitor may see: date, time, location and prestation labels
// (when the widget settings show them) and the seats left, never a passenger, a pilot, a balloon or a note. Columns
// are picked one by one below: a field added to flights later never leaks by itself.
//
// A restrictive location (Location.is_restrictive) is one the operator does not advertise: its flights are
// listed only by a widget filtered on that very location (`?location_id=`), e.g. on the site of a partner there.

export const PUBLIC_PLANNING_DEFAULT_DAYS = 92;
/** The widest range one call may ask: a season. */
export const PUBLIC_PLANNING_MAX_DAYS = 366;
/** Past this many flights the answer is cut (`is_truncated`): the widget is a list people read, not an export. */
export const PUBLIC_PLANNING_MAX_FLIGHTS = 500;

export type PublicPlanningQuery = { from?: string; to?: string; location_id?: number };

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

const ALLOWED_PARAMS = new Set(['from', 'to', 'location_id']);

/** Reads and bounds the query string; 400 with a French message on anything unexpected. */
export function parsePublicPlanningQuery(
  raw: Record<string, unknown>,
  today: string,
): Required<Pick<PublicPlanningQuery, 'from' | 'to'>> & { location_id?: number } {
  for (const key of Object.keys(raw)) {
    if (!ALLOWED_PARAMS.has(key)) throw new BadRequestError(`Paramètre inconnu : ${key.slice(0, 50)}.`);
  }
  const text = (key: string): string | undefined => {
    const value = raw[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw new BadRequestError(`Paramètre ${key} invalide.`);
    return value;
  };
  const fromText = text('from');
  const toText = text('to');
  for (const [key, value] of [
    ['from', fromText],
    ['to', toText],
  ] as const) {
    if (value !== undefined && !isCalendarDate(value))
      throw new BadRequestError(`Paramètre ${key} : date invalide (AAAA-MM-JJ).`);
  }
  // Coming flights only: a past start is moved to today.
  const from = fromText && fromText > today ? fromText : today;
  const to = toText ?? addDays(from, PUBLIC_PLANNING_DEFAULT_DAYS);
  if (to < from) throw new BadRequestError('La date de fin précède la date de début.');
  if (daysBetween(from, to) > PUBLIC_PLANNING_MAX_DAYS) {
    throw new BadRequestError(`Période trop longue : ${PUBLIC_PLANNING_MAX_DAYS} jours au plus.`);
  }
  const locationText = text('location_id');
  if (locationText === undefined) return { from, to };
  if (!/^[1-9]\d{0,9}$/.test(locationText)) throw new BadRequestError('Paramètre location_id invalide.');
  return { from, to, location_id: Number(locationText) };
}

/** null when the widget is switched off (planning_widgets_enabled ≠ 1). */
export async function readPublicPlanning(
  db: Kysely<DB>,
  query: Required<Pick<PublicPlanningQuery, 'from' | 'to'>> & { location_id?: number },
): Promise<PublicPlanning | null> {
  const settings = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [
      'planning_widgets_enabled',
      'widget_show_location',
      'widget_show_prestation',
      'widget_show_availability',
    ])
    .execute();
  const setting = (key: keyof typeof SETTING_DEFAULTS) =>
    (settings.find((row) => row.key === key)?.value ?? SETTING_DEFAULTS[key]) === '1';
  if (!setting('planning_widgets_enabled')) return null;
  const show = {
    location: setting('widget_show_location'),
    prestation: setting('widget_show_prestation'),
    availability: setting('widget_show_availability'),
  };

  let location: PublicPlanning['location'] = null;
  if (query.location_id !== undefined) {
    const row = await db
      .selectFrom('locations')
      .select(['id', 'label'])
      .where('id', '=', query.location_id)
      .executeTakeFirst();
    // An unknown location lists nothing rather than everything: a mistyped snippet must not show other places.
    location = row ? { id: row.id, label: row.label } : { id: query.location_id, label: '' };
  }

  let select = db
    .selectFrom('flights as f')
    .leftJoin('locations as l', 'l.id', 'f.location_id')
    .leftJoin('prestations as p', 'p.id', 'f.prestation_id')
    .leftJoin('balloons as b', 'b.id', 'f.balloon_id')
    .select([
      'f.id',
      'f.scheduled_date',
      'f.scheduled_time',
      'l.id as location_id',
      'l.label as location_label',
      'p.id as prestation_id',
      'p.label as prestation_label',
      'b.passengers as seats',
      (eb) =>
        eb
          .selectFrom('registrations as r')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('r.flight_id', '=', 'f.id')
          .as('taken'),
    ])
    .where('f.is_public', '=', 1)
    .where('f.flight_status_id', '=', FLIGHT_STATUSES.planned.id)
    .where('f.scheduled_date', '>=', query.from)
    .where('f.scheduled_date', '<=', query.to)
    .orderBy('f.scheduled_date')
    .orderBy('f.scheduled_time')
    .orderBy('f.id')
    .limit(literalLimit(PUBLIC_PLANNING_MAX_FLIGHTS + 1));
  select =
    query.location_id !== undefined
      ? select.where('f.location_id', '=', query.location_id)
      : // Unfiltered: no flight at a restrictive location (a flight without a location is not restricted).
        select.where((eb) => eb.or([eb('f.location_id', 'is', null), eb('l.is_restrictive', '=', 0)]));
  const rows = await select.execute();

  const flights = rows.slice(0, PUBLIC_PLANNING_MAX_FLIGHTS).map((row): PublicFlight => {
    const seatsLeft = row.seats === null ? null : Math.max(0, Number(row.seats) - Number(row.taken ?? 0));
    return {
      id: row.id,
      scheduled_date: String(row.scheduled_date).slice(0, 10),
      scheduled_time: String(row.scheduled_time).slice(0, 5),
      location:
        show.location && row.location_id !== null ? { id: row.location_id, label: row.location_label ?? '' } : null,
      prestation:
        show.prestation && row.prestation_id !== null
          ? { id: row.prestation_id, label: row.prestation_label ?? '' }
          : null,
      seats_left: show.availability ? seatsLeft : null,
      is_full: seatsLeft !== null && seatsLeft <= 0,
    };
  });
  return {
    from: query.from,
    to: query.to,
    location: location && (show.location || query.location_id !== undefined) ? location : null,
    show,
    flights,
    is_truncated: rows.length > PUBLIC_PLANNING_MAX_FLIGHTS,
  };
}

/**
 * A few seconds of memory per distinct query: the widget sits on an operator's public site, where a busy page or a
 * crawler must not turn every visit into database reads. The cache is per process and short, so a flight made public
 * (or filled) shows within CACHE_TTL_MS everywhere. Bounded in entries: the query has three free parameters.
 */
export const CACHE_TTL_MS = 5_000;
const CACHE_MAX_ENTRIES = 500;

/** The body as the UTF-8 bytes written to the socket: a string would be encoded again at every request. */
export type CachedAnswer = { body: Buffer; status: 200 | 404; expiresAt: number };

export function createPublicPlanningCache(db: Kysely<DB>, ttlMs = CACHE_TTL_MS) {
  const entries = new Map<string, CachedAnswer>();
  const inFlight = new Map<string, Promise<CachedAnswer>>();
  return {
    async get(raw: Record<string, unknown>, now = Date.now()): Promise<CachedAnswer> {
      const query = parsePublicPlanningQuery(raw, today(new Date(now)));
      const key = `${query.from}|${query.to}|${query.location_id ?? ''}`;
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit;
      // Concurrent misses of one key share one read.
      const pending = inFlight.get(key);
      if (pending) return pending;
      const read = (async (): Promise<CachedAnswer> => {
        const planning = await readPublicPlanning(db, query);
        const answer: CachedAnswer = planning
          ? { status: 200, body: Buffer.from(JSON.stringify(planning), 'utf8'), expiresAt: Date.now() + ttlMs }
          : {
              status: 404,
              body: Buffer.from(JSON.stringify({ message: "Le planning public n'est pas activé." }), 'utf8'),
              expiresAt: Date.now() + ttlMs,
            };
        if (entries.size >= CACHE_MAX_ENTRIES) {
          for (const [k, v] of entries) if (v.expiresAt <= Date.now()) entries.delete(k);
          // Still full of live entries: drop the oldest (Map keeps insertion order).
          if (entries.size >= CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        }
        entries.set(key, answer);
        return answer;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, read);
      return read;
    },
  };
}

export type PublicPlanningCache = ReturnType<typeof createPublicPlanningCache>;

/** Each app's public planning cache: per app, as before the registry (two apps on one database keep their own). */
const publicPlanningCaches = defineCache<Pick<AppContext, 'db'>, PublicPlanningCache>(
  {
    name: 'services/public-planning.ts (publicPlanningCache)',
    keeps: "The bytes of the public planning's answer (anonymous visitors, crawlers)",
    key: 'The validated query (three free parameters)',
    invalidatedBy: `After CACHE_TTL_MS (${CACHE_TTL_MS / 1000} s): the only cache that may be late, by design — a flight made public shows within ${CACHE_TTL_MS / 1000} s`,
    bound: `${CACHE_MAX_ENTRIES} answers per app`,
    attachedTo: 'app',
  },
  (app) => createPublicPlanningCache(app.db),
);

/** The app's public planning cache (created at its first visitor). */
export const publicPlanningCache = (app: Pick<AppContext, 'db'>): PublicPlanningCache => publicPlanningCaches.of(app);
