import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTPONEMENT_MESSAGES } from '../../src/services/postponement.js';
import { anonymousCsrf } from '../auth/support.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { newBalloon, newBooking, newPassenger, register } from './builders.js';

// Issue 12 point 2: the weather postponement in one action (POST /api/flights/{id}/postpone), all or nothing, the
// manifest kept as history, and the undo by the ordinary status change while nothing was rebooked.

describe(`weather postponement on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers, userId } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, extra = headers) =>
    t.app.inject({ method, url, headers: extra, ...(payload === undefined ? {} : { payload: payload as object }) });
  let day = 10;

  /**
   * A planned flight with two bookings: A (in progress, 2 passengers, referent with an email, the flight's date and
   * another among its requested dates) and B (pending, 1 passenger, no address anywhere).
   */
  async function scenario() {
    const { db } = t.database;
    day += 1;
    const date = `2031-05-${String(day).padStart(2, '0')}`;
    const balloon = await newBalloon(db, { passengers: 4 });
    const flight = (
      await db
        .insertInto('flights')
        .values({ scheduled_date: date, scheduled_time: '07:15:00', flight_status_id: 1, balloon_id: balloon })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const a = await newBooking(db, { booking_status_id: 2 });
    const a1 = await newPassenger(db, a, {
      first_name: 'Léa',
      last_name: 'Moreau',
      is_referent: 1,
      email: `lea.${day}@example.test`,
      weight: 61,
    });
    const a2 = await newPassenger(db, a, { first_name: 'Hugo', last_name: 'Moreau', weight: 82 });
    const b = await newBooking(db, { booking_status_id: 1 });
    const b1 = await newPassenger(db, b, { first_name: 'Éric', last_name: 'Petit', is_referent: 1, weight: 90 });
    await register(db, flight, [a1, a2, b1]);
    await db
      .insertInto('requested_dates')
      .values([
        { booking_id: a, date },
        { booking_id: a, date: '2031-09-01' },
      ])
      .execute();
    return { flight, date, a, b, passengers: [a1, a2, b1] };
  }

  /** Everything the postponement may change, to compare before and after. */
  async function state(s: Awaited<ReturnType<typeof scenario>>) {
    const { db } = t.database;
    const bookings = [s.a, s.b];
    return {
      flight: await db.selectFrom('flights').select('flight_status_id').where('id', '=', s.flight).executeTakeFirst(),
      registrations: await db
        .selectFrom('registrations')
        .select(['flight_id', 'passenger_id'])
        .where('passenger_id', 'in', s.passengers)
        .orderBy('passenger_id')
        .execute(),
      bookings: await db
        .selectFrom('bookings')
        .select(['id', 'booking_status_id'])
        .where('id', 'in', bookings)
        .orderBy('id')
        .execute(),
      dates: await db
        .selectFrom('requested_dates')
        .select(['booking_id', 'date'])
        .where('booking_id', 'in', bookings)
        .orderBy('booking_id')
        .orderBy('date')
        .execute(),
      notes: await db
        .selectFrom('booking_notes')
        .select(['booking_id', 'content'])
        .where('booking_id', 'in', bookings)
        .execute(),
      manifest: await db.selectFrom('flight_postponements').selectAll().where('flight_id', '=', s.flight).execute(),
      mails: await db
        .selectFrom('outbox_mails')
        .select(['recipient', 'subject', 'status', 'booking_id', 'template_slug'])
        .where('flight_id', '=', s.flight)
        .execute(),
    };
  }

  it('unregisters, reopens the bookings, drops the date, writes notes and queues the mails, in one action', async () => {
    const s = await scenario();
    const response = await call('POST', `/api/flights/${s.flight}/postpone`, { send_mail: 1 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ flight_id: s.flight, passengers: 3, bookings: 2, queued: 1 });
    // No SMTP_URL in the test configuration: the mail waits in the outbox, and the answer says so.
    expect(body.smtp_configured).toBe(false);
    expect(body.skipped).toEqual([{ booking_id: s.b, number: expect.any(String) }]);
    expect(body.flight).toMatchObject({ id: s.flight, flight_status_id: 3, passengers_count: 0 });

    const after = await state(s);
    expect(after.flight?.flight_status_id).toBe(3);
    expect(after.registrations).toEqual([]);
    expect(after.bookings).toEqual([
      { id: s.a, booking_status_id: 1 },
      { id: s.b, booking_status_id: 1 },
    ]);
    expect(after.dates).toEqual([{ booking_id: s.a, date: '2031-09-01' }]);
    expect(after.notes.map((n) => n.booking_id).sort()).toEqual([s.a, s.b].sort());
    const noteA = after.notes.find((n) => n.booking_id === s.a)!.content;
    expect(noteA).toMatch(
      /^Vol du .* 2031 à 07h15 reporté \(météo\) : 2 passagers désinscrits, réservation remise en attente\.$/,
    );
    expect(after.mails).toEqual([
      {
        recipient: `lea.${day}@example.test`,
        subject: expect.stringMatching(/^Votre vol du .* 2031 est reporté$/),
        status: 'pending',
        booking_id: s.a,
        template_slug: 'flight-weather-postponed',
      },
    ]);
    // The manifest stays with the flight, names and weights as they were, and in each passenger's postponed flights.
    expect(after.manifest.map((m) => [m.passenger_id, m.full_name, m.weight, m.user_id])).toEqual([
      [s.passengers[0], 'Léa Moreau', 61, userId],
      [s.passengers[1], 'Hugo Moreau', 82, userId],
      [s.passengers[2], 'Éric Petit', 90, userId],
    ]);
    const history = await call('GET', `/api/flight-postponements?filters=flight_id|=|${s.flight}&embed=booking`);
    expect(history.statusCode).toBe(200);
    expect(history.json().map((r: { full_name: string }) => r.full_name)).toEqual([
      'Léa Moreau',
      'Hugo Moreau',
      'Éric Petit',
    ]);
    expect(history.json()[0].user_name).toBe('Test operator');
    const passenger = await call('GET', `/api/passengers/${s.passengers[0]}?embed=postponed_flights,flights`);
    expect(passenger.json().postponed_flights.map((f: { id: number }) => f.id)).toEqual([s.flight]);
    expect(passenger.json().flights).toEqual([]);
  });

  it('changes nothing when it fails mid-way (the mail template is missing after the passengers were moved)', async () => {
    const s = await scenario();
    const before = await state(s);
    const { db } = t.database;
    const template = await db
      .selectFrom('email_templates')
      .selectAll()
      .where('slug', '=', 'flight-weather-postponed')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('email_templates').where('id', '=', template.id).execute();
    try {
      const response = await call('POST', `/api/flights/${s.flight}/postpone`, { send_mail: true });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(/Modèle d'email introuvable/);
    } finally {
      await db.insertInto('email_templates').values(template).execute();
    }
    expect(await state(s)).toEqual(before);
    expect(before.registrations).toHaveLength(3);
  });

  it('sends no mail without the switch, and the plain status change postpones the same way', async () => {
    const s = await scenario();
    expect((await call('POST', `/api/flights/${s.flight}/postpone`, { send_mail: 0 })).statusCode).toBe(200);
    expect((await state(s)).mails).toEqual([]);

    const other = await scenario();
    const put = await call('PUT', `/api/flights/${other.flight}`, { flight_status_id: 3 });
    expect(put.statusCode).toBe(200);
    const after = await state(other);
    expect(after.registrations).toEqual([]);
    expect(after.manifest).toHaveLength(3);
    expect(after.mails).toEqual([]);
    expect(after.bookings.every((b) => b.booking_status_id === 1)).toBe(true);
  });

  it('is undone by setting the flight back to planned while nothing was rebooked', async () => {
    const s = await scenario();
    const before = await state(s);
    await call('POST', `/api/flights/${s.flight}/postpone`, { send_mail: 1 });
    const undo = await call('PUT', `/api/flights/${s.flight}`, { flight_status_id: 1 });
    expect(undo.statusCode).toBe(200);
    const after = await state(s);
    expect(after.flight?.flight_status_id).toBe(1);
    expect(after.registrations).toEqual(before.registrations);
    expect(after.bookings).toEqual(before.bookings);
    expect(after.dates).toEqual(before.dates);
    expect(after.manifest).toEqual([]);
    // The queued mail, not yet sent, is withdrawn; each booking says what happened.
    expect(after.mails.map((m) => m.status)).toEqual(['failed']);
    const undoNotes = after.notes.filter((n) => n.content.startsWith('Report météo du vol du'));
    expect(undoNotes.map((n) => n.booking_id).sort()).toEqual([s.a, s.b].sort());
  });

  it('refuses the undo once a passenger was registered on another flight or a booking changed', async () => {
    const s = await scenario();
    await call('POST', `/api/flights/${s.flight}/postpone`, { send_mail: 0 });
    const { db } = t.database;
    const next = (
      await db
        .insertInto('flights')
        .values({ scheduled_date: '2031-07-01', scheduled_time: '07:00:00', flight_status_id: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (await call('POST', '/api/registrations', { flight_id: next, passenger_id: s.passengers[2] })).statusCode,
    ).toBe(201);
    const before = await state(s);
    const refused = await call('PUT', `/api/flights/${s.flight}`, { flight_status_id: 1 });
    expect(refused.statusCode).toBe(409);
    const number = (await db.selectFrom('bookings').select('number').where('id', '=', s.b).executeTakeFirstOrThrow())
      .number;
    expect(refused.json().message).toBe(POSTPONEMENT_MESSAGES.rebooked([number]));
    expect(await state(s)).toEqual(before);

    // A booking whose status changed since (here canceled) blocks the undo too.
    const other = await scenario();
    await call('POST', `/api/flights/${other.flight}/postpone`, { send_mail: 0 });
    await call('PUT', `/api/bookings/${other.a}`, { booking_status_id: 4 });
    expect((await call('PUT', `/api/flights/${other.flight}`, { flight_status_id: 1 })).statusCode).toBe(409);
    // Canceling the postponed flight keeps its manifest as history.
    expect((await call('PUT', `/api/flights/${other.flight}`, { flight_status_id: 4 })).statusCode).toBe(200);
    expect((await state(other)).manifest).toHaveLength(3);
  });

  it('validates the request: body, flight, status, session', async () => {
    const s = await scenario();
    for (const payload of [{}, { send_mail: 'oui' }, { send_mail: 2 }, { send_mail: 1, extra: 1 }, []]) {
      const response = await call('POST', `/api/flights/${s.flight}/postpone`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await call('POST', '/api/flights/999999/postpone', { send_mail: 0 })).statusCode).toBe(404);
    expect((await call('POST', '/api/flights/abc/postpone', { send_mail: 0 })).statusCode).toBe(404);
    // Without the anti-forgery pair a mutating call is refused first (419); with it but no
    // session, it needs a sign-in (401).
    expect((await call('POST', `/api/flights/${s.flight}/postpone`, { send_mail: 0 }, {})).statusCode).toBe(419);
    const anonymous = await call('POST', `/api/flights/${s.flight}/postpone`, { send_mail: 0 }, anonymousCsrf());
    expect(anonymous.statusCode).toBe(401);
    expect((await state(s)).registrations).toHaveLength(3);

    await call('POST', `/api/flights/${s.flight}/postpone`, { send_mail: 0 });
    const again = await call('POST', `/api/flights/${s.flight}/postpone`, { send_mail: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(POSTPONEMENT_MESSAGES.already);

    const realized = await scenario();
    await t.database.db
      .updateTable('flights')
      .set({ flight_status_id: 2, takeoff_time: '07:20:00', landing_time: '08:30:00' })
      .where('id', '=', realized.flight)
      .execute();
    const refused = await call('POST', `/api/flights/${realized.flight}/postpone`, { send_mail: 0 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(POSTPONEMENT_MESSAGES.realized);
    expect((await state(realized)).registrations).toHaveLength(3);
  });
});

describe(`weather postponement with an SMTP server set, on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // The address is never reached in this test: only whether the mails will leave by themselves is answered.
    t = await createTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:9' } });
  });
  afterAll(() => t.close());

  it('answers that the queued mails will be sent', async () => {
    const { headers } = await signIn(t, 'operator');
    const flight = await t.database.db
      .insertInto('flights')
      .values({ scheduled_date: '2031-06-02', scheduled_time: '07:15:00', flight_status_id: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/flights/${flight.id}/postpone`,
      headers,
      payload: { send_mail: 0 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ queued: 0, smtp_configured: true });
  });
});
