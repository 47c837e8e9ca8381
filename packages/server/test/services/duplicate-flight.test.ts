import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import {
  newBalloon,
  newBooking,
  newFlight,
  newLocation,
  newPassenger,
  newPilot,
  newTeammate,
  register,
} from './builders.js';

describe(`flight duplication on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  /** A realized flight with everything a duplicate may copy. */
  async function richFlight() {
    const { db } = t.database;
    const prestation = await db
      .insertInto('prestations')
      .values({ label: 'Vol classique' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const flightType = await db
      .insertInto('flight_types')
      .values({ label: 'Commercial' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await newFlight(db, {
      scheduled_date: '2026-05-02',
      scheduled_time: '18:30:00',
      is_public: 1,
      takeoff_temperature: 14,
      flight_max_altitude: 1200,
      location_id: await newLocation(db),
      prestation_id: prestation.id,
      flight_type_id: flightType.id,
      balloon_id: await newBalloon(db),
      pilot_id: await newPilot(db),
      takeoff_time: '18:45:00',
      landing_time: '19:50:00',
      flight_status_id: 2,
    });
    const teammates = [await newTeammate(db, 'Roux'), await newTeammate(db, 'Blanc')];
    await db
      .insertInto('flight_teammates')
      .values(teammates.map((teammate_id) => ({ flight_id: id, teammate_id })))
      .execute();
    const booking = await newBooking(db);
    const passengers = [await newPassenger(db, booking), await newPassenger(db, booking, { first_name: 'Léa' })];
    await register(db, id, passengers);
    await db
      .insertInto('flight_notes')
      .values([
        { flight_id: id, content: 'Prévoir les bouteilles pleines', is_pinned: 1 },
        { flight_id: id, content: 'Vent faible annoncé', is_pinned: 0 },
      ])
      .execute();
    return { id, teammates, passengers };
  }

  const counts = async () => {
    const { db } = t.database;
    const count = async (table: 'flights' | 'flight_teammates' | 'registrations' | 'flight_notes') =>
      Number((await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    return {
      flights: await count('flights'),
      teammates: await count('flight_teammates'),
      registrations: await count('registrations'),
      notes: await count('flight_notes'),
    };
  };

  it('copies the flight as a planned one, with teammates, registrations and notes when asked', async () => {
    const source = await richFlight();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/flights/${source.id}/duplicate`,
      headers,
      payload: {
        scheduled_date: '2026-05-09',
        scheduled_time: '07:15:00',
        with_teammates: 1,
        with_passengers: 1,
        with_notes: 1,
      },
    });
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    const original = await t.database.db
      .selectFrom('flights')
      .selectAll()
      .where('id', '=', source.id)
      .executeTakeFirstOrThrow();
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      scheduled_date: '2026-05-09',
      scheduled_time: '07:15:00',
      flight_status_id: 1,
      takeoff_time: null,
      landing_time: null,
      is_public: 1,
      takeoff_temperature: 14,
      flight_max_altitude: 1200,
      passengers_count: 2,
      location_id: original.location_id,
      prestation_id: original.prestation_id,
      flight_type_id: original.flight_type_id,
      balloon_id: original.balloon_id,
      pilot_id: original.pilot_id,
    });
    const { db } = t.database;
    const teammates = await db.selectFrom('flight_teammates').select('teammate_id').where('flight_id', '=', copy.id);
    expect((await teammates.execute()).map((r) => r.teammate_id).sort()).toEqual([...source.teammates].sort());
    const registrations = await db
      .selectFrom('registrations')
      .select('passenger_id')
      .where('flight_id', '=', copy.id)
      .execute();
    expect(registrations.map((r) => r.passenger_id).sort()).toEqual([...source.passengers].sort());
    const notes = await db
      .selectFrom('flight_notes')
      .select(['content', 'is_pinned'])
      .where('flight_id', '=', copy.id)
      .orderBy('id')
      .execute();
    expect(notes).toEqual([
      { content: 'Prévoir les bouteilles pleines', is_pinned: 1 },
      { content: 'Vent faible annoncé', is_pinned: 0 },
    ]);
  });

  it('leaves teammates, registrations and notes behind unless asked, and accepts HH:mm', async () => {
    const source = await richFlight();
    const before = await counts();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/flights/${source.id}/duplicate`,
      headers,
      payload: { scheduled_date: '2026-05-10', scheduled_time: '19:00', with_teammates: 0, with_passengers: false },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().scheduled_time).toBe('19:00:00');
    expect(await counts()).toEqual({ ...before, flights: before.flights + 1 });
  });

  it('answers 422 with French messages when the date or time is missing or wrong', async () => {
    const id = await newFlight(t.database.db);
    const missing = await t.app.inject({ method: 'POST', url: `/api/flights/${id}/duplicate`, headers, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      scheduled_date: ['Ce champ est obligatoire.'],
      scheduled_time: ['Ce champ est obligatoire.'],
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/flights/${id}/duplicate`,
      headers,
      payload: { scheduled_date: '2026-02-30', scheduled_time: '25:00' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      scheduled_date: ['Date invalide (AAAA-MM-JJ).'],
      scheduled_time: ['Heure invalide (HH:mm).'],
    });
  });

  it('answers 404 for an unknown flight', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/flights/987654/duplicate',
      headers,
      payload: { scheduled_date: '2026-05-10', scheduled_time: '19:00:00' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('writes nothing when a step fails midway (one transaction)', async () => {
    const source = await richFlight();
    const { db } = t.database;
    // Make the last step (copying notes) fail after the flight, teammates and registrations were inserted.
    await db.insertInto('flight_notes').values({ flight_id: source.id, content: 'BOOM' }).execute();
    if (engine === 'sqlite') {
      await sql`CREATE TRIGGER boom BEFORE INSERT ON flight_notes WHEN NEW.content = 'BOOM'
        AND NEW.flight_id <> ${sql.lit(source.id)} BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(db);
    } else {
      await sql`CREATE FUNCTION boom() RETURNS trigger AS $$ BEGIN
        IF NEW.content = 'BOOM' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE TRIGGER boom BEFORE INSERT ON flight_notes FOR EACH ROW EXECUTE FUNCTION boom()`.execute(db);
    }
    const before = await counts();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/flights/${source.id}/duplicate`,
        headers,
        payload: {
          scheduled_date: '2026-05-11',
          scheduled_time: '07:00:00',
          with_teammates: 1,
          with_passengers: 1,
          with_notes: 1,
        },
      });
      expect(res.statusCode).toBe(500);
      expect(await counts()).toEqual(before);
      const stray = await db.selectFrom('flights').select('id').where('scheduled_date', '=', '2026-05-11').execute();
      expect(stray).toEqual([]);
    } finally {
      await sql`DROP TRIGGER boom${engine === 'postgres' ? sql` ON flight_notes` : sql``}`.execute(db);
    }
  });
});
