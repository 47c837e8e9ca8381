import { SPACE_ACTOR, SPACE_NOT_FOUND } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/auth/session-format.js';
import { today as operatorToday } from '../../src/core/clock.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { MAX_SPACE_REQUESTS_PER_IP, MAX_SPACE_REQUESTS_PER_TOKEN } from '../../src/routes/space.js';
import { newBalloon, newBooking, newCustomer, newFlight, newPassenger, register } from '../builders.js';
import { createTestApp, createTestDatabase, engine, signIn, type TestApp } from '../helpers.js';

// Issue 28: the passenger's private space per booking. The link (256 random bits, kept hashed, dead once revoked,
// replaced, expired or its booking canceled), every space route refusing another booking's records, the bounds,
// the rate limits, the history under « Client (espace en ligne) », the weight-change attention item, and the
// mails carrying the link.

const APP_URL = 'https://ballons.example.test';
const DAY_MS = 86_400_000;
const inDays = (days: number) =>
  new Date(Date.parse(`${operatorToday()}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `203.0.113.${ipCounter % 250}`;
};

describe(`the booking's space on ${engine}`, () => {
  let t: TestApp;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ config: { appUrl: APP_URL } });
    ({ headers: staff } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const space = (method: Method, token: string, path = '', payload?: unknown, ip = nextIp()) =>
    t.app.inject({ method, url: `/api/space/${token}${path}`, remoteAddress: ip, ...(payload ? { payload } : {}) });
  const asStaff = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: staff, ...(payload ? { payload } : {}) });

  /** A booking of `n` seats with `passengers` passengers (the first the referent), and its space link's token. */
  const bookingWithLink = async (values: Parameters<typeof newBooking>[1] = {}, passengers = 1) => {
    const customerId = await newCustomer(db(), { email: 'acheteur@example.test' });
    const bookingId = await newBooking(db(), {
      passengers_number: 3,
      customer_id: customerId,
      validity_date: inDays(200),
      ...values,
    });
    const passengerIds: number[] = [];
    for (let i = 0; i < passengers; i++) {
      passengerIds.push(
        await newPassenger(db(), bookingId, { is_referent: i === 0 ? 1 : 0, last_name: `Voyageur${i}`, weight: null }),
      );
    }
    const created = await asStaff('POST', `/api/bookings/${bookingId}/space-link`);
    expect(created.statusCode).toBe(201);
    const { url } = created.json() as { url: string };
    const token = url.slice(`${APP_URL}/espace/`.length);
    return { bookingId, passengerIds, token, url };
  };

  it('creates a link of 256 random bits on APP_URL, stored only as its SHA-256', async () => {
    const { bookingId, token, url } = await bookingWithLink();
    expect(url).toMatch(new RegExp(`^${APP_URL}/espace/[A-Za-z0-9_-]{43}$`));
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await db().selectFrom('booking_space_links').selectAll().where('booking_id', '=', bookingId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    // Never twice the same token; the history says a link was made, never which.
    const second = await bookingWithLink();
    expect(second.token).not.toBe(token);
    const history = await db()
      .selectFrom('history_entries')
      .select('changes')
      .where('booking_id', '=', bookingId)
      .execute();
    expect(JSON.stringify(history)).not.toContain(token);
    const state = (await asStaff('GET', `/api/bookings/${bookingId}/space-link`)).json();
    expect(state).toMatchObject({ is_active: true, last_used_at: null, expires_at: inDays(200) });
  });

  it('opens the space, and marks when the customer last used it', async () => {
    const { bookingId, token } = await bookingWithLink();
    const response = await space('GET', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const body = response.json();
    expect(body.booking).toMatchObject({ passengers_number: 3, validity_date: inDays(200), is_editable: true });
    expect(body.passengers).toHaveLength(1);
    const state = (await asStaff('GET', `/api/bookings/${bookingId}/space-link`)).json();
    expect(state.last_used_at).not.toBeNull();
  });

  it('answers the same 404 to an unknown, malformed, replaced, revoked, expired or canceled link', async () => {
    const expectDead = async (token: string) => {
      const response = await space('GET', token);
      expect(response.statusCode, token).toBe(404);
      expect(response.json()).toEqual({ message: SPACE_NOT_FOUND });
    };
    await expectDead('A'.repeat(43));
    await expectDead('court');
    await expectDead(`${'A'.repeat(42)}%2F`);

    const replaced = await bookingWithLink();
    const again = await asStaff('POST', `/api/bookings/${replaced.bookingId}/space-link`);
    const fresh = (again.json() as { url: string }).url.split('/espace/')[1]!;
    await expectDead(replaced.token);
    expect((await space('GET', fresh)).statusCode).toBe(200);

    const revoked = await bookingWithLink();
    expect((await asStaff('DELETE', `/api/bookings/${revoked.bookingId}/space-link`)).statusCode).toBe(204);
    await expectDead(revoked.token);
    expect((await asStaff('GET', `/api/bookings/${revoked.bookingId}/space-link`)).json().is_active).toBe(false);

    const canceled = await bookingWithLink();
    await asStaff('PUT', `/api/bookings/${canceled.bookingId}`, { booking_status_id: 4 });
    await expectDead(canceled.token);
    const expiredStatus = await bookingWithLink();
    await db()
      .updateTable('bookings')
      .set({ booking_status_id: 5 })
      .where('id', '=', expiredStatus.bookingId)
      .execute();
    await expectDead(expiredStatus.token);

    // Past its validity date, and past 30 days after its last flight.
    const old = await bookingWithLink({ validity_date: inDays(-1) });
    await expectDead(old.token);
    const flown = await bookingWithLink({ validity_date: inDays(-40) }, 1);
    const flightId = await newFlight(db(), { scheduled_date: inDays(-10), flight_status_id: 2 });
    await register(db(), flightId, flown.passengerIds[0]!);
    expect((await space('GET', flown.token)).statusCode).toBe(200);
    await db()
      .updateTable('flights')
      .set({ scheduled_date: inDays(-31) })
      .where('id', '=', flightId)
      .execute();
    await expectDead(flown.token);

    // A canceled booking gets no new link.
    const refused = await asStaff('POST', `/api/bookings/${canceled.bookingId}/space-link`);
    expect(refused.statusCode).toBe(409);
  });

  it('completes passengers with a weight between 20 and 250 kg, in the history under « Client (espace en ligne) »', async () => {
    const { bookingId, passengerIds, token } = await bookingWithLink({}, 1);
    const id = passengerIds[0]!;
    for (const weight of [19, 251, -400, 1e308]) {
      const refused = await space('PUT', token, `/passengers/${id}`, { weight });
      expect(refused.statusCode, String(weight)).toBe(422);
      expect(refused.json().message).toBe('Le poids doit être compris entre 20 et 250 kg.');
    }
    // The customer writes only the passenger's own fields: ticket number, referent and booking are the server's.
    for (const field of ['ticket_number', 'is_referent', 'booking_id', 'department']) {
      expect((await space('PUT', token, `/passengers/${id}`, { [field]: 1 })).statusCode, field).toBe(422);
    }
    const saved = await space('PUT', token, `/passengers/${id}`, {
      first_name: 'Élise',
      last_name: 'Moreau',
      weight: 62.5,
      age: 34,
      email: 'elise@example.test',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ first_name: 'Élise', weight: 62.5, is_referent: true });
    expect((await space('PUT', token, `/passengers/${id}`, { weight: 20 })).statusCode).toBe(200);
    expect((await space('PUT', token, `/passengers/${id}`, { weight: 250 })).statusCode).toBe(200);

    const entries = await db()
      .selectFrom('history_entries')
      .select(['actor', 'user_id', 'resource', 'action', 'changes'])
      .where('booking_id', '=', bookingId)
      .where('resource', '=', 'passengers')
      .orderBy('id')
      .execute();
    expect(entries.length).toBe(3);
    expect(entries.every((e) => e.actor === SPACE_ACTOR && e.user_id === null)).toBe(true);
    expect(JSON.parse(entries[0]!.changes)).toMatchObject({ first_name: ['Jean', 'Élise'], weight: [null, 62.5] });

    const booking = (await asStaff('GET', `/api/bookings/${bookingId}`)).json();
    expect(booking.completed_by_customer_at).not.toBeNull();
  });

  it('adds passengers up to passengers_number, numbered by the server, has_all_infos and has_total_weight following', async () => {
    const { bookingId, token } = await bookingWithLink({ passengers_number: 2 }, 0);
    const first = await space('POST', token, '/passengers', { first_name: 'Anne', last_name: 'Roy', weight: 70 });
    expect(first.statusCode).toBe(201);
    expect(first.json().is_referent).toBe(true);
    let booking = (await asStaff('GET', `/api/bookings/${bookingId}`)).json();
    expect(booking).toMatchObject({ has_all_infos: 0, has_total_weight: 0 });
    const second = await space('POST', token, '/passengers', { first_name: 'Paul', last_name: 'Roy', weight: 80 });
    expect(second.json().is_referent).toBe(false);
    booking = (await asStaff('GET', `/api/bookings/${bookingId}`)).json();
    expect(booking).toMatchObject({ has_all_infos: 1, has_total_weight: 1, total_weight: 150 });
    const tickets = await db()
      .selectFrom('passengers')
      .select('ticket_number')
      .where('booking_id', '=', bookingId)
      .execute();
    expect(tickets.map((p) => p.ticket_number).sort()).toEqual([`${booking.number}-01`, `${booking.number}-02`]);

    const third = await space('POST', token, '/passengers', { first_name: 'Zoé', last_name: 'Roy' });
    expect(third.statusCode).toBe(422);
    expect(third.json().message).toBe(
      'Cette réservation compte 2 passagers : vous ne pouvez pas en ajouter davantage.',
    );
    expect(
      (await space('POST', token, '/passengers', { first_name: 'x'.repeat(101), last_name: 'Roy' })).statusCode,
    ).toBe(422);
  });

  it('adds and removes requested dates from today to the validity date', async () => {
    const { bookingId, token } = await bookingWithLink({ validity_date: inDays(30) });
    expect((await space('POST', token, '/requested-dates', { date: inDays(-1) })).json().message).toBe(
      "Choisissez une date à partir d'aujourd'hui.",
    );
    const late = await space('POST', token, '/requested-dates', { date: inDays(31) });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toMatch(/^Choisissez une date jusqu'au /);
    expect((await space('POST', token, '/requested-dates', { date: '2026-02-30' })).statusCode).toBe(422);
    const added = await space('POST', token, '/requested-dates', { date: inDays(0) });
    expect(added.statusCode).toBe(201);
    expect((await space('POST', token, '/requested-dates', { date: inDays(30) })).statusCode).toBe(201);
    expect((await space('POST', token, '/requested-dates', { date: inDays(30) })).json().message).toBe(
      'Cette date est déjà demandée.',
    );
    const removed = await space('DELETE', token, `/requested-dates/${added.json().id}`);
    expect(removed.statusCode).toBe(204);
    const dates = await db().selectFrom('requested_dates').select('date').where('booking_id', '=', bookingId).execute();
    expect(dates.map((d) => String(d.date).slice(0, 10))).toEqual([inDays(30)]);
    const actors = await db()
      .selectFrom('history_entries')
      .select(['actor', 'action'])
      .where('booking_id', '=', bookingId)
      .where('resource', '=', 'requested-dates')
      .orderBy('id')
      .execute();
    expect(actors).toEqual([
      { actor: SPACE_ACTOR, action: 'create' },
      { actor: SPACE_ACTOR, action: 'create' },
      { actor: SPACE_ACTOR, action: 'delete' },
    ]);
  });

  it("never reads or writes another booking's passengers, dates or flights", async () => {
    const mine = await bookingWithLink({}, 1);
    const other = await bookingWithLink({}, 1);
    const otherDate = await db()
      .insertInto('requested_dates')
      .values({ booking_id: other.bookingId, date: inDays(5) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const balloonId = await newBalloon(db(), { passengers: 6 });
    const privateFlight = await newFlight(db(), { scheduled_date: inDays(5), is_public: 0, balloon_id: balloonId });
    await register(db(), privateFlight, other.passengerIds[0]!);

    const otherPassenger = other.passengerIds[0]!;
    const attempts = [
      await space('PUT', mine.token, `/passengers/${otherPassenger}`, { first_name: 'Pirate' }),
      await space('DELETE', mine.token, `/requested-dates/${otherDate.id}`),
      await space('POST', mine.token, '/registration-requests', { flight_id: privateFlight }),
    ];
    for (const response of attempts) expect(response.statusCode, response.body).toBe(404);
    const unchanged = await db()
      .selectFrom('passengers')
      .select('first_name')
      .where('id', '=', otherPassenger)
      .executeTakeFirst();
    expect(unchanged?.first_name).toBe('Jean');
    expect(
      await db().selectFrom('requested_dates').select('id').where('id', '=', otherDate.id).executeTakeFirst(),
    ).toBeDefined();
    // The read names nothing of the other booking.
    const read = (await space('GET', mine.token)).body;
    expect(JSON.parse(read).passengers.map((p: { id: number }) => p.id)).toEqual(mine.passengerIds);
    expect(JSON.parse(read).offers.map((f: { id: number }) => f.id)).not.toContain(privateFlight);
    // Nothing is written by the refusals: no history row on the other booking under the customer.
    const leaked = await db()
      .selectFrom('history_entries')
      .select('id')
      .where('booking_id', '=', other.bookingId)
      .where('actor', '=', SPACE_ACTOR)
      .execute();
    expect(leaked).toEqual([]);
  });

  it('files a registration request for a coming public flight, for staff to accept', async () => {
    const { bookingId, token } = await bookingWithLink({ passengers_number: 2 }, 2);
    const balloonId = await newBalloon(db(), { passengers: 6 });
    const flightId = await newFlight(db(), { scheduled_date: inDays(12), is_public: 1, balloon_id: balloonId });
    const fullBalloon = await newBalloon(db(), { passengers: 1 });
    const fullFlight = await newFlight(db(), { scheduled_date: inDays(12), is_public: 1, balloon_id: fullBalloon });
    const read = (await space('GET', token)).json();
    expect(read.offers.map((f: { id: number }) => f.id)).toContain(flightId);
    expect(read.offers.map((f: { id: number }) => f.id)).not.toContain(fullFlight);
    expect((await space('POST', token, '/registration-requests', { flight_id: fullFlight })).statusCode).toBe(404);

    const filed = await space('POST', token, '/registration-requests', { flight_id: flightId });
    expect(filed.statusCode).toBe(201);
    expect((await space('POST', token, '/registration-requests', { flight_id: flightId })).statusCode).toBe(422);
    const request = await db()
      .selectFrom('registration_requests')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ flight_id: flightId, status: 'pending' });
    const entry = await db()
      .selectFrom('history_entries')
      .select('actor')
      .where('resource', '=', 'registration-requests')
      .where('record_id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(entry.actor).toBe(SPACE_ACTOR);
    const accepted = await asStaff('POST', `/api/registration-requests/${request.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect((await space('GET', token)).json().next_flight).toMatchObject({ id: flightId, date: inDays(12) });
  });

  it("raises 'Poids modifié après inscription' on the flight and the dashboard when a registered passenger's weight changes", async () => {
    const { passengerIds, token } = await bookingWithLink({}, 1);
    const id = passengerIds[0]!;
    await space('PUT', token, `/passengers/${id}`, { weight: 70 });
    const flightId = await newFlight(db(), { scheduled_date: inDays(3) });
    await register(db(), flightId, id);
    const flightRead = async () => (await asStaff('GET', `/api/flights/${flightId}`)).json();
    const dashboardItem = async () =>
      (
        (await asStaff('GET', '/api/dashboard')).json().attention as {
          key: string;
          count: number;
          label: string;
          links: { status: string | null; filters: string }[];
        }[]
      ).find((a) => a.key === 'weight_changes')!;
    expect((await flightRead()).weight_changed).toBe(0);
    const before = (await dashboardItem()).count;

    // A name change is not a weight change.
    await space('PUT', token, `/passengers/${id}`, { first_name: 'Hugo' });
    expect((await asStaff('GET', `/api/flights/${flightId}/weight-changes`)).json()).toEqual([]);

    await space('PUT', token, `/passengers/${id}`, { weight: 95 });
    await space('PUT', token, `/passengers/${id}`, { weight: 98 });
    const changes = (await asStaff('GET', `/api/flights/${flightId}/weight-changes`)).json();
    expect(changes).toMatchObject([{ passenger_id: id, previous_weight: 70, weight: 98, full_name: 'Hugo Voyageur0' }]);
    expect((await flightRead()).weight_changed).toBe(1);
    const item = await dashboardItem();
    expect(item).toMatchObject({ label: 'Poids modifié après inscription', count: before + 1 });
    expect(item.links[0]).toMatchObject({ status: null });
    const listed = await asStaff('GET', `/api/flights?filters=${encodeURIComponent(item.links[0]!.filters)}`);
    expect((listed.json() as { id: number }[]).map((f) => f.id)).toContain(flightId);

    const seen = await asStaff('POST', `/api/flights/${flightId}/weight-changes/seen`);
    expect(seen.json()).toEqual({ seen: 1 });
    expect((await asStaff('GET', `/api/flights/${flightId}/weight-changes`)).json()).toEqual([]);
    expect((await dashboardItem()).count).toBe(before);
  });

  it("refuses a weight change of a passenger on a sealed flight's record, other fields still open", async () => {
    const { passengerIds, token } = await bookingWithLink({}, 1);
    const id = passengerIds[0]!;
    await space('PUT', token, `/passengers/${id}`, { weight: 70 });
    const flightId = await newFlight(db(), { scheduled_date: inDays(-3), flight_status_id: 2 });
    await register(db(), flightId, id);
    // The record as 'Clôturer le dossier de vol' leaves it (services/flight-records.ts), its bytes beside the point.
    await db()
      .insertInto('flight_records')
      .values({ flight_id: flightId, version: 1, sha256: '0'.repeat(64), pdf: Buffer.from('%PDF'), entry: '{}' })
      .execute();
    const refused = await space('PUT', token, `/passengers/${id}`, { weight: 90 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Ce passager a déjà volé : son poids fait partie du dossier du vol et ne peut plus être modifié.',
    );
    const row = await db()
      .selectFrom('passengers')
      .select(['weight', 'first_name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.weight)).toBe(70);
    expect((await space('PUT', token, `/passengers/${id}`, { first_name: 'Hugo' })).statusCode).toBe(200);
  });

  it('puts the link in the confirmation mail, each mail writing a link of its own, its token dropped once sent', async () => {
    const { bookingId, token } = await bookingWithLink({}, 1);
    const queued = await asStaff('POST', `/api/bookings/${bookingId}/emails`, { template: 'booking-confirmation' });
    expect(queued.statusCode).toBe(202);
    const mail = await db()
      .selectFrom('outbox_mails')
      .selectAll()
      .where('id', '=', queued.json().id)
      .executeTakeFirstOrThrow();
    const link = new RegExp(`${APP_URL}/espace/([A-Za-z0-9_-]{43})`).exec(mail.html);
    expect(link).not.toBeNull();
    const mailed = link![1]!;
    expect(mailed).not.toBe(token);
    expect(JSON.parse(mail.secrets ?? '[]')).toEqual([mailed]);
    // Both the link staff made and the mailed one open the space.
    expect((await space('GET', mailed)).statusCode).toBe(200);
    expect((await space('GET', token)).statusCode).toBe(200);
  });

  it("sends a gift's beneficiary 'Bon cadeau : votre espace', to the beneficiary's address", async () => {
    const { bookingId } = await bookingWithLink({}, 1);
    expect(
      (await asStaff('POST', `/api/bookings/${bookingId}/space-link/email`, { to: 'beneficiary' })).statusCode,
    ).toBe(422);
    const put = await asStaff('PUT', `/api/bookings/${bookingId}`, {
      beneficiary_name: 'Lucie Bernard',
      beneficiary_email: 'lucie@example.test',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ beneficiary_name: 'Lucie Bernard', beneficiary_email: 'lucie@example.test' });
    expect(
      (await asStaff('PUT', `/api/bookings/${bookingId}`, { beneficiary_email: 'pas-une-adresse' })).statusCode,
    ).toBe(422);
    const sent = await asStaff('POST', `/api/bookings/${bookingId}/space-link/email`, { to: 'beneficiary' });
    expect(sent.statusCode).toBe(202);
    expect(sent.json().recipient).toBe('lucie@example.test');
    const mail = await db()
      .selectFrom('outbox_mails')
      .selectAll()
      .where('id', '=', sent.json().id)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ template_slug: 'gift-space', recipient: 'lucie@example.test' });
    expect(mail.html).toContain('Bonjour Lucie Bernard');
    expect(mail.html).toMatch(new RegExp(`${APP_URL}/espace/[A-Za-z0-9_-]{43}`));
    const template = await db()
      .selectFrom('email_templates')
      .select('label')
      .where('slug', '=', 'gift-space')
      .executeTakeFirst();
    expect(template?.label).toBe('Bon cadeau : votre espace');
  });

  it('after a weather postponement, the space shows the notice and the postponement mail carries the link', async () => {
    const { bookingId, passengerIds, token } = await bookingWithLink({}, 1);
    await db()
      .updateTable('passengers')
      .set({ email: 'voyageur@example.test' })
      .where('id', '=', passengerIds[0]!)
      .execute();
    const flightId = await newFlight(db(), { scheduled_date: inDays(2) });
    await register(db(), flightId, passengerIds[0]!);
    const postponed = await asStaff('POST', `/api/flights/${flightId}/postpone`, { send_mail: true });
    expect(postponed.statusCode).toBe(200);
    const read = (await space('GET', token)).json();
    expect(read.next_flight).toBeNull();
    expect(read.postponed_flight).toMatchObject({ id: flightId, date: inDays(2) });
    const mail = await db()
      .selectFrom('outbox_mails')
      .select('html')
      .where('booking_id', '=', bookingId)
      .where('template_slug', '=', 'flight-weather-postponed')
      .executeTakeFirstOrThrow();
    const mailed = new RegExp(`${APP_URL}/espace/([A-Za-z0-9_-]{43})`).exec(mail.html)![1]!;
    expect((await space('GET', mailed)).statusCode).toBe(200);
  });

  it('limits the requests per link and per IP, counted before the link is checked', async () => {
    const { token } = await bookingWithLink();
    for (let i = 0; i < MAX_SPACE_REQUESTS_PER_TOKEN; i++) {
      expect((await space('GET', token)).statusCode).toBe(200);
    }
    const limited = await space('GET', token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Trop de demandes depuis votre connexion\. Réessayez dans \d+ minutes?\.$/);

    const ip = '192.0.2.77';
    for (let i = 0; i < MAX_SPACE_REQUESTS_PER_IP; i++) {
      const guess = `${String(i).padStart(43, 'G')}`;
      expect((await space('GET', guess, '', undefined, ip)).statusCode).toBe(404);
    }
    expect((await space('GET', 'H'.repeat(43), '', undefined, ip)).statusCode).toBe(429);
    // 400 requests, each counted in the database: on PostgreSQL under CI's load this outlasts the usual 20 s.
  }, 90_000);

  it('puts the link in the confirmation and postponement templates of an existing install, edited bodies kept', async () => {
    const database = await createTestDatabase('0029_voucher_rules');
    try {
      const edited = '<p>Bonjour {{referent.full_name}}, merci pour votre commande.</p>';
      await database.db
        .updateTable('email_templates')
        .set({ body: edited })
        .where('slug', '=', 'booking-confirmation')
        .execute();
      await migrateToLatest(database.db, database.dialect);
      const rows = await database.db
        .selectFrom('email_templates')
        .select(['slug', 'label', 'body', 'variables'])
        .where('slug', 'in', ['booking-confirmation', 'flight-weather-postponed', 'gift-space'])
        .orderBy('slug')
        .execute();
      expect(rows.map((r) => r.slug)).toEqual(['booking-confirmation', 'flight-weather-postponed', 'gift-space']);
      for (const row of rows) {
        expect(row.body, row.slug).toContain('{{booking.space_url}}');
        expect(JSON.parse(row.variables ?? '[]'), row.slug).toContain('{{booking.space_url}}');
      }
      expect(rows[0]!.body.startsWith(edited)).toBe(true);
      // The seeded postponement body keeps its closing words after the link.
      expect(rows[1]!.body).toMatch(/espace : <a href="\{\{booking\.space_url\}\}">.*<p>À très bientôt/);
      expect(rows[2]!.label).toBe('Bon cadeau : votre espace');
    } finally {
      await database.destroy();
    }
  });

  it('reads 16 kB of body at most', async () => {
    const { token, passengerIds } = await bookingWithLink({}, 1);
    const response = await space('PUT', token, `/passengers/${passengerIds[0]}`, { first_name: 'x'.repeat(17 * 1024) });
    expect(response.statusCode).toBe(413);
  });
});
