import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/auth/session-format.js';
import { today as operatorToday } from '../../src/core/clock.js';
import { createPublicPlanningCache, PUBLIC_PLANNING_MAX_DAYS } from '../../src/services/public-planning.js';
import {
  newBalloon,
  newBooking,
  newFlight,
  newFlightNote,
  newLocation,
  newPassenger,
  newPilot,
  newPrestation,
  register,
} from '../builders.js';
import { createTestApp, engine, type TestApp } from '../helpers.js';

// GET /api/public/planning (issue 11 point 3): anyone may read it, so it must say nothing personal; flights at a
// restrictive location only on a widget filtered on that location; a bounded date range; CORS open; a short cache.

const DAY_MS = 86_400_000;
const inDays = (days: number) =>
  new Date(Date.parse(`${operatorToday()}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe(`public planning on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const setSettings = async (values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) {
      await t.database.db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }
  };
  // Each read asks its own range: the answer is cached for a few seconds per distinct query.
  let spread = 0;
  const read = (query: Record<string, string> = {}) => {
    spread += 1;
    const params = new URLSearchParams({ to: inDays(200 + spread), ...query });
    return t.app.inject({ method: 'GET', url: `/api/public/planning?${params}` });
  };

  it('answers 404 while the widget is switched off, the flights once it is on', async () => {
    await setSettings({ planning_widgets_enabled: '0' });
    const off = await read();
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({ message: "Le planning public n'est pas activé." });
    await setSettings({ planning_widgets_enabled: '1' });
    const on = await read();
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ from: operatorToday(), flights: expect.any(Array) });
  });

  it('never answers a passenger, a pilot, a balloon or a note: only date, time, place, prestation and seats', async () => {
    const db = t.database.db;
    const pilotId = await newPilot(db, {
      first_name: 'Gaspard',
      last_name: 'Pilotissime',
      email: 'gaspard.pilote@example.test',
      phone: '06 11 22 33 44',
      weight: 93,
    });
    const balloonId = await newBalloon(db, { label: 'Ballon-Secret', passengers: 6, registration_number: 'F-HSEC' });
    const locationId = await newLocation(db, { label: 'Prairie ouverte', is_restrictive: 0 });
    const prestationId = await newPrestation(db, { label: 'Vol découverte' });
    const flightId = await newFlight(db, {
      scheduled_date: inDays(3),
      scheduled_time: '06:45:00',
      is_public: 1,
      pilot_id: pilotId,
      balloon_id: balloonId,
      location_id: locationId,
      prestation_id: prestationId,
      takeoff_temperature: 12,
    });
    const bookingId = await newBooking(db, { number: 'PRIV-0001' });
    for (const [first, last, email] of [
      ['Hortense', 'Confidentielle', 'hortense@example.test'],
      ['Basile', 'Discret', 'basile@example.test'],
    ]) {
      const passengerId = await newPassenger(db, bookingId, {
        first_name: first,
        last_name: last,
        email,
        phone: '07 98 76 54 32',
        weight: 71,
      });
      await register(db, flightId, passengerId);
    }
    await newFlightNote(db, flightId, { content: 'Note interne très privée' });

    const response = await read();
    expect(response.statusCode).toBe(200);
    const body = response.body;
    for (const secret of [
      'Gaspard',
      'Pilotissime',
      'gaspard.pilote',
      '06 11 22 33 44',
      'Ballon-Secret',
      'F-HSEC',
      'Hortense',
      'Confidentielle',
      'Basile',
      'Discret',
      'example.test',
      '07 98 76 54 32',
      'PRIV-0001',
      'Note interne',
      'weight',
      'pilot',
      'passenger',
      'balloon',
    ]) {
      expect(body, secret).not.toContain(secret);
    }
    const flight = response.json().flights.find((f: { id: number }) => f.id === flightId);
    expect(flight).toEqual({
      id: flightId,
      scheduled_date: inDays(3),
      scheduled_time: '06:45',
      location: { id: locationId, label: 'Prairie ouverte' },
      prestation: { id: prestationId, label: 'Vol découverte' },
      seats_left: 4,
      is_full: false,
    });
    for (const f of response.json().flights) {
      expect(Object.keys(f).sort()).toEqual(
        ['id', 'is_full', 'location', 'prestation', 'scheduled_date', 'scheduled_time', 'seats_left'].sort(),
      );
    }
  });

  it('lists only coming, planned, public flights, in date and time order', async () => {
    const db = t.database.db;
    const locationId = await newLocation(db, { label: 'Champ du tri', is_restrictive: 0 });
    const base = { location_id: locationId, is_public: 1 };
    const later = await newFlight(db, { ...base, scheduled_date: inDays(5), scheduled_time: '18:00:00' });
    const earlier = await newFlight(db, { ...base, scheduled_date: inDays(5), scheduled_time: '07:00:00' });
    const today = await newFlight(db, { ...base, scheduled_date: inDays(0), scheduled_time: '19:00:00' });
    await newFlight(db, { ...base, scheduled_date: inDays(-1) });
    await newFlight(db, { ...base, scheduled_date: inDays(6), is_public: 0 });
    await newFlight(db, { ...base, scheduled_date: inDays(6), flight_status_id: 2 });
    await newFlight(db, { ...base, scheduled_date: inDays(6), flight_status_id: 3 });
    await newFlight(db, { ...base, scheduled_date: inDays(6), flight_status_id: 4 });
    const response = await read({ location_id: String(locationId) });
    expect(response.json().flights.map((f: { id: number }) => f.id)).toEqual([today, earlier, later]);
    // A start in the past is today: the widget never shows past flights.
    const fromPast = await read({ location_id: String(locationId), from: inDays(-30) });
    expect(fromPast.json().from).toBe(operatorToday());
    expect(fromPast.json().flights).toHaveLength(3);
  });

  it('shows a restrictive location only to a widget filtered on it', async () => {
    const db = t.database.db;
    const restrictive = await newLocation(db, { label: 'Domaine privé', is_restrictive: 1 });
    const open = await newLocation(db, { label: 'Pré communal', is_restrictive: 0 });
    const atRestrictive = await newFlight(db, { scheduled_date: inDays(4), is_public: 1, location_id: restrictive });
    const atOpen = await newFlight(db, { scheduled_date: inDays(4), is_public: 1, location_id: open });
    const nowhere = await newFlight(db, { scheduled_date: inDays(4), is_public: 1, location_id: null });

    const ids = (response: { json: () => { flights: { id: number }[] } }) => response.json().flights.map((f) => f.id);
    const all = ids(await read());
    expect(all).toContain(atOpen);
    expect(all).toContain(nowhere);
    expect(all).not.toContain(atRestrictive);
    expect(JSON.stringify(all)).not.toContain('Domaine privé');

    const filtered = await read({ location_id: String(restrictive) });
    expect(ids(filtered)).toEqual([atRestrictive]);
    expect(filtered.json().location).toEqual({ id: restrictive, label: 'Domaine privé' });
    expect(ids(await read({ location_id: String(open) }))).toEqual([atOpen]);
    // An unknown location lists nothing, never everything.
    expect(ids(await read({ location_id: '999999' }))).toEqual([]);
  });

  it('follows the widget settings: place, prestation and seats left can be hidden; a full flight says so', async () => {
    const db = t.database.db;
    const locationId = await newLocation(db, { label: 'Vallée', is_restrictive: 0 });
    const flightId = await newFlight(db, {
      scheduled_date: inDays(8),
      is_public: 1,
      location_id: locationId,
      prestation_id: await newPrestation(db, { label: 'Vol privatif' }),
      balloon_id: await newBalloon(db, { passengers: 1 }),
    });
    await register(db, flightId, await newPassenger(db, await newBooking(db)));
    const shown = (await read({ location_id: String(locationId) })).json().flights[0];
    expect(shown).toMatchObject({ seats_left: 0, is_full: true, prestation: { label: 'Vol privatif' } });

    await setSettings({ widget_show_location: '0', widget_show_prestation: '0', widget_show_availability: '0' });
    try {
      const hidden = (await read({ location_id: String(locationId) })).json();
      expect(hidden.show).toEqual({ location: false, prestation: false, availability: false });
      expect(hidden.flights[0]).toMatchObject({ location: null, prestation: null, seats_left: null, is_full: true });
    } finally {
      await setSettings({ widget_show_location: '1', widget_show_prestation: '1', widget_show_availability: '1' });
    }
  });

  it('refuses an unbounded or malformed query with a French 400', async () => {
    const cases: [string, string][] = [
      [
        `to=${inDays(PUBLIC_PLANNING_MAX_DAYS + 5)}`,
        `Période trop longue : ${PUBLIC_PLANNING_MAX_DAYS} jours au plus.`,
      ],
      ['from=2026-02-30', 'Paramètre from : date invalide (AAAA-MM-JJ).'],
      [`from=${inDays(10)}&to=${inDays(2)}`, 'La date de fin précède la date de début.'],
      ['location_id=1%20OR%201=1', 'Paramètre location_id invalide.'],
      ['page=2', 'Paramètre inconnu : page.'],
      ['from=a&from=b', 'Paramètre from invalide.'],
    ];
    for (const [query, message] of cases) {
      const response = await t.app.inject({ method: 'GET', url: `/api/public/planning?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ message });
      expect(response.headers['access-control-allow-origin'], query).toBe('*');
    }
  });

  it('is open to every origin without credentials, needs no session and ignores a dead one', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/public/planning?to=${inDays(30)}`,
      headers: { origin: 'https://www.montgolfiere-partenaire.example', cookie: `${SESSION_COOKIE}=perimee` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('keeps an answer a few seconds: a burst of visits costs one read', async () => {
    const db = t.database.db;
    const locationId = await newLocation(db, { label: 'Cache', is_restrictive: 0 });
    const url = `/api/public/planning?location_id=${locationId}`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.json().flights).toEqual([]);
    await newFlight(db, { scheduled_date: inDays(2), is_public: 1, location_id: locationId });
    const second = await t.app.inject({ method: 'GET', url });
    expect(second.body).toBe(first.body);
    // Another query is read afresh.
    const other = await t.app.inject({ method: 'GET', url: `${url}&to=${inDays(40)}` });
    expect(other.json().flights).toHaveLength(1);
  });

  it('keeps each answer as the UTF-8 bytes it sends, made once for every visit it serves', async () => {
    const cache = createPublicPlanningCache(t.database.db);
    const first = await cache.get({});
    expect(Buffer.isBuffer(first.body)).toBe(true);
    expect(JSON.parse(first.body.toString('utf8'))).toHaveProperty('flights');
    expect((await cache.get({})).body).toBe(first.body);
  });
});
