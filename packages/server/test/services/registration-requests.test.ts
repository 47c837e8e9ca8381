import { REGISTRATION_REQUEST_RECEIVED } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { today as operatorToday } from '../../src/core/clock.js';
import { MAX_REQUESTS_PER_IP } from '../../src/routes/public.js';
import { MAX_PENDING_REQUESTS_PER_BOOKING } from '../../src/services/registration-requests.js';
import { newBalloon, newBooking, newCustomer, newFlight, newPassenger, register } from '../builders.js';
import { createTestApp, engine, signIn, type TestApp, testConfig } from '../helpers.js';

// Registration requests (issue 11 points 3 and 4): filed from the public widget without a session, the same answer
// whether the booking exists or not, rate-limited per IP; staff accept (the booking's passengers registered on the
// flight in one transaction, refused with the reason) or refuse, and the customer's mail is queued with the decision.

const DAY_MS = 86_400_000;
const inDays = (days: number) =>
  new Date(Date.parse(`${operatorToday()}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

let ipCounter = 0;
/** A fresh client address per call unless given: the per-IP limit is tested on its own. */
const nextIp = () => {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
};

describe(`registration requests on ${engine}`, () => {
  let t: TestApp;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers: staff } = await signIn(t, 'operator'));
    await t.database.db
      .insertInto('settings')
      .values({ key: 'planning_widgets_enabled', value: '1' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '1' }))
      .execute();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const file = (payload: Record<string, unknown>, ip = nextIp(), headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/registration-requests',
      payload,
      remoteAddress: ip,
      headers,
    });
  const requestsOf = (bookingId: number) =>
    db().selectFrom('registration_requests').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();
  const publicFlight = async (values: Parameters<typeof newFlight>[1] = {}) =>
    newFlight(db(), { scheduled_date: inDays(10), is_public: 1, ...values });

  /** A booking with a customer email and `n` passengers, the first the referent named `lastName`. */
  const bookingWith = async (n: number, lastName = 'Lemaître', values: Parameters<typeof newBooking>[1] = {}) => {
    const customerId = await newCustomer(db(), { email: 'client@example.test' });
    const bookingId = await newBooking(db(), { passengers_number: n, customer_id: customerId, ...values });
    const passengerIds: number[] = [];
    for (let i = 0; i < n; i++) {
      passengerIds.push(
        await newPassenger(db(), bookingId, {
          last_name: i === 0 ? lastName : `Compagnon${i}`,
          is_referent: i === 0 ? 1 : 0,
          email: i === 0 ? 'referent@example.test' : null,
        }),
      );
    }
    const { number } = await db()
      .selectFrom('bookings')
      .select('number')
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    return { bookingId, number, passengerIds };
  };

  it('records a request from the booking number and the referent name, case, accents and spaces aside', async () => {
    const flightId = await publicFlight();
    const { bookingId, number } = await bookingWith(2, 'Lemaître');
    const response = await file({ flight_id: flightId, booking_number: ` ${number} `, last_name: '  LEMAITRE ' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: REGISTRATION_REQUEST_RECEIVED });
    expect(await requestsOf(bookingId)).toMatchObject([{ flight_id: flightId, status: 'pending', decided_at: null }]);
  });

  it('finds the booking by its alternative number too', async () => {
    const flightId = await publicFlight();
    const { bookingId } = await bookingWith(1, 'Ndiaye', { number_alt: 'COFFRET-778' });
    await file({ flight_id: flightId, booking_number: 'COFFRET-778', last_name: 'ndiaye' });
    expect(await requestsOf(bookingId)).toHaveLength(1);
  });

  it('answers a wrong pair, an unknown number or a closed booking exactly like a recorded request, and records nothing', async () => {
    const flightId = await publicFlight();
    const { bookingId, number } = await bookingWith(2, 'Durand');
    const closed = await bookingWith(1, 'Fermé', { booking_status_id: 3 });
    const answers = [
      await file({ flight_id: flightId, booking_number: number, last_name: 'Dupond' }),
      await file({ flight_id: flightId, booking_number: 'N-EXISTE-PAS', last_name: 'Durand' }),
      await file({ flight_id: flightId, booking_number: number, last_name: 'Compagnon1' }),
      await file({ flight_id: flightId, booking_number: closed.number, last_name: 'Fermé' }),
      await file({ flight_id: flightId, booking_number: number, last_name: "'-" }),
    ];
    const recorded = await file({ flight_id: flightId, booking_number: number, last_name: 'Durand' });
    for (const answer of answers) {
      expect(answer.statusCode).toBe(recorded.statusCode);
      expect(answer.body).toBe(recorded.body);
      expect(answer.headers['content-type']).toBe(recorded.headers['content-type']);
    }
    expect(await requestsOf(bookingId)).toHaveLength(1);
    expect(await requestsOf(closed.bookingId)).toHaveLength(0);
  });

  it('keeps one waiting request per flight and a few per booking', async () => {
    const { bookingId, number } = await bookingWith(1, 'Repetto');
    const flights = await Promise.all(
      Array.from({ length: MAX_PENDING_REQUESTS_PER_BOOKING + 1 }, (_, i) =>
        publicFlight({ scheduled_date: inDays(i + 1) }),
      ),
    );
    await file({ flight_id: flights[0]!, booking_number: number, last_name: 'Repetto' });
    await file({ flight_id: flights[0]!, booking_number: number, last_name: 'Repetto' });
    expect(await requestsOf(bookingId)).toHaveLength(1);
    for (const flightId of flights.slice(1)) {
      const answer = await file({ flight_id: flightId, booking_number: number, last_name: 'Repetto' });
      expect(answer.statusCode).toBe(202);
    }
    expect(await requestsOf(bookingId)).toHaveLength(MAX_PENDING_REQUESTS_PER_BOOKING);
  });

  it('says when the flight is not offered (not public, past, not planned) and when the widget is off', async () => {
    const { bookingId, number } = await bookingWith(1, 'Ortiz');
    for (const values of [{ is_public: 0 }, { scheduled_date: inDays(-1) }, { flight_status_id: 4 }]) {
      const flightId = await publicFlight(values);
      const response = await file({ flight_id: flightId, booking_number: number, last_name: 'Ortiz' });
      expect(response.statusCode, JSON.stringify(values)).toBe(422);
      expect(response.json().errors).toEqual({ flight_id: ["Ce vol n'est plus proposé : choisissez-en un autre."] });
    }
    const unknown = await file({ flight_id: 99_999_999, booking_number: number, last_name: 'Ortiz' });
    expect(unknown.statusCode).toBe(422);
    await db().updateTable('settings').set({ value: '0' }).where('key', '=', 'planning_widgets_enabled').execute();
    try {
      const off = await file({ flight_id: await publicFlight(), booking_number: number, last_name: 'Ortiz' });
      expect(off.statusCode).toBe(404);
      expect(off.json()).toEqual({ message: "Le planning public n'est pas activé." });
    } finally {
      await db().updateTable('settings').set({ value: '1' }).where('key', '=', 'planning_widgets_enabled').execute();
    }
    expect(await requestsOf(bookingId)).toHaveLength(0);
  });

  it('refuses malformed payloads with French messages (422), nothing recorded', async () => {
    const flightId = await publicFlight();
    const { bookingId, number } = await bookingWith(1, 'Valide');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ flight_id: flightId, booking_number: number }, 'last_name', 'Ce champ est obligatoire.'],
      [
        { flight_id: flightId, booking_number: number, last_name: 'Valide\r\nBcc: x' },
        'last_name',
        'Caractère de contrôle non autorisé.',
      ],
      [
        { flight_id: flightId, booking_number: 'x'.repeat(51), last_name: 'Valide' },
        'booking_number',
        '50 caractères au maximum.',
      ],
      [{ flight_id: 'abc', booking_number: number, last_name: 'Valide' }, 'flight_id', 'Identifiant invalide.'],
      [{ flight_id: flightId, booking_number: number, last_name: 'Valide', booking_id: 1 }, '_', 'Champ non autorisé.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await file(payload);
      expect(response.statusCode, field).toBe(422);
      expect(Object.values(response.json().errors).flat(), field).toContain(message);
    }
    expect(await requestsOf(bookingId)).toHaveLength(0);
  });

  it('needs neither a session nor an anti-forgery token (the widget is framed on another site)', async () => {
    const flightId = await publicFlight();
    const { bookingId, number } = await bookingWith(1, 'Sanscookie');
    const response = await file({ flight_id: flightId, booking_number: number, last_name: 'Sanscookie' }, nextIp(), {
      origin: 'https://www.site-operateur.example',
      cookie: 'sid=perimee',
    });
    expect(response.statusCode).toBe(202);
    expect(await requestsOf(bookingId)).toHaveLength(1);
  });

  it(`limits each IP to ${MAX_REQUESTS_PER_IP} requests per 15 minutes, whatever their outcome`, async () => {
    const flightId = await publicFlight();
    const { bookingId, number } = await bookingWith(1, 'Limite');
    const ip = '203.0.113.77';
    for (let i = 0; i < MAX_REQUESTS_PER_IP; i++) {
      const answer = await file({ flight_id: flightId, booking_number: `FAUX-${i}`, last_name: 'Limite' }, ip);
      expect(answer.statusCode).toBe(202);
    }
    const refused = await file({ flight_id: flightId, booking_number: number, last_name: 'Limite' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Trop de demandes envoyées depuis votre connexion. Réessayez dans 15 minutes.');
    expect(await requestsOf(bookingId)).toHaveLength(0);
    // Another address is not held back.
    expect((await file({ flight_id: flightId, booking_number: number, last_name: 'Limite' })).statusCode).toBe(202);
    expect(await requestsOf(bookingId)).toHaveLength(1);
  });

  describe('for staff', () => {
    const accept = (id: number, headers = staff) =>
      t.app.inject({ method: 'POST', url: `/api/registration-requests/${id}/accept`, headers });
    const refuse = (id: number, headers = staff) =>
      t.app.inject({ method: 'POST', url: `/api/registration-requests/${id}/refuse`, headers });
    const registeredOn = async (flightId: number) =>
      (await db().selectFrom('registrations').select('passenger_id').where('flight_id', '=', flightId).execute()).map(
        (r) => r.passenger_id,
      );
    const outbox = (bookingId: number) =>
      db().selectFrom('outbox_mails').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();

    /** A waiting request of a new booking with `n` passengers on `flightId`. */
    const pendingRequest = async (flightId: number, n = 2, values: Parameters<typeof newBooking>[1] = {}) => {
      const booking = await bookingWith(n, 'Moreau', values);
      const answer = await file({ flight_id: flightId, booking_number: booking.number, last_name: 'Moreau' });
      expect(answer.statusCode).toBe(202);
      const [request] = await requestsOf(booking.bookingId);
      return { ...booking, requestId: request!.id };
    };

    it('lists them per booking and per flight, newest first, with the flight or the booking and its referent', async () => {
      const flightId = await publicFlight();
      const first = await pendingRequest(flightId, 1);
      const second = await pendingRequest(flightId, 1);
      await db()
        .updateTable('registration_requests')
        .set({ created_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', first.requestId)
        .execute();
      const byFlight = await t.app.inject({
        method: 'GET',
        url: `/api/registration-requests?filters=flight_id|=|${flightId}&embed=booking.referent_passenger&order=created_at|DESC`,
        headers: staff,
      });
      expect(byFlight.statusCode).toBe(200);
      expect(byFlight.json().map((r: { id: number }) => r.id)).toEqual([second.requestId, first.requestId]);
      expect(byFlight.json()[0]).toMatchObject({
        status: 'pending',
        booking: { number: second.number, referent_passenger: { last_name: 'Moreau' } },
      });
      const byBooking = await t.app.inject({
        method: 'GET',
        url: `/api/registration-requests?filters=booking_id|=|${first.bookingId}&embed=flight&order=created_at|DESC`,
        headers: staff,
      });
      expect(byBooking.json()).toMatchObject([{ id: first.requestId, flight: { id: flightId } }]);
      const count = await t.app.inject({
        method: 'GET',
        url: '/api/registration-requests?filters=status|=|pending&page=1&per_page=1',
        headers: staff,
      });
      expect(count.json().count).toBeGreaterThanOrEqual(2);
      expect((await t.app.inject({ method: 'GET', url: '/api/registration-requests' })).statusCode).toBe(401);
    });

    it('finds the flights with a waiting request, where the navigation count leads, and forgets them once decided', async () => {
      const flightId = await publicFlight();
      const otherFlightId = await publicFlight();
      const { requestId } = await pendingRequest(flightId, 1);
      const withPending = async () => {
        const answer = await t.app.inject({
          method: 'GET',
          url: `/api/flights?filters=registration_requests.status|=|pending,id|in|${flightId};${otherFlightId}`,
          headers: staff,
        });
        expect(answer.statusCode).toBe(200);
        return answer.json().map((f: { id: number }) => f.id);
      };
      expect(await withPending()).toEqual([flightId]);
      expect((await refuse(requestId)).statusCode).toBe(200);
      expect(await withPending()).toEqual([]);
    });

    it("'Accepter' registers every passenger of the booking, closes the request and queues the customer's mail", async () => {
      const flightId = await publicFlight({ balloon_id: await newBalloon(db(), { passengers: 4 }) });
      const { requestId, passengerIds, bookingId } = await pendingRequest(flightId, 3);
      const response = await accept(requestId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: requestId,
        status: 'accepted',
        registered: 3,
        mail: { status: 'queued', recipient: 'referent@example.test' },
      });
      expect((await registeredOn(flightId)).sort()).toEqual([...passengerIds].sort());
      const [request] = await requestsOf(bookingId);
      expect(request).toMatchObject({ status: 'accepted', decided_by_user_id: expect.any(Number) });
      expect(request!.decided_at).toBeTruthy();
      const [mail] = await outbox(bookingId);
      expect(mail).toMatchObject({
        recipient: 'referent@example.test',
        template_slug: 'registration-request-accepted',
        flight_id: flightId,
        status: 'pending',
      });
      expect(mail!.html).toContain('Moreau');
      // Decided once: a second 'Accepter' or a 'Refuser' is a 409.
      for (const again of [await accept(requestId), await refuse(requestId)]) {
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ message: 'Cette demande a déjà été traitée.' });
      }
    });

    it('registers only the passengers not yet on the flight', async () => {
      const flightId = await publicFlight({ balloon_id: await newBalloon(db(), { passengers: 3 }) });
      const { requestId, passengerIds } = await pendingRequest(flightId, 3);
      await register(db(), flightId, passengerIds[0]!);
      const response = await accept(requestId);
      expect(response.json()).toMatchObject({ status: 'accepted', registered: 2 });
      expect((await registeredOn(flightId)).sort()).toEqual([...passengerIds].sort());
    });

    it('refuses with the reason when the balloon lacks seats, the flight is closed or the booking is, changing nothing', async () => {
      const db_ = db();
      const short = await publicFlight({ balloon_id: await newBalloon(db_, { passengers: 3 }) });
      await register(db_, short, await newPassenger(db_, await newBooking(db_)));
      const tooMany = await pendingRequest(short, 3);
      const closedFlight = await publicFlight();
      const onClosed = await pendingRequest(closedFlight, 1);
      await db_
        .updateTable('flights')
        .set({ flight_status_id: 2, takeoff_time: '07:00:00', landing_time: '08:00:00' })
        .where('id', '=', closedFlight)
        .execute();
      const open = await publicFlight();
      const closedBooking = await pendingRequest(open, 1);
      await db_
        .updateTable('bookings')
        .set({ booking_status_id: 4 })
        .where('id', '=', closedBooking.bookingId)
        .execute();
      const empty = await pendingRequest(open, 1);
      await db_.deleteFrom('passengers').where('booking_id', '=', empty.bookingId).execute();

      const cases: [typeof tooMany, number, string][] = [
        [tooMany, short, 'Places insuffisantes sur ce vol : 2 places restantes pour 3 passagers.'],
        [onClosed, closedFlight, 'Ce vol n’est plus modifiable : ses passagers ne peuvent plus changer.'],
        [
          closedBooking,
          open,
          'Cette réservation est terminée, annulée ou périmée : ses passagers ne peuvent plus être inscrits.',
        ],
        [empty, open, "Cette réservation n'a aucun passager à inscrire : ajoutez ses passagers d'abord."],
      ];
      for (const [request, flightId, message] of cases) {
        const before = await registeredOn(flightId);
        const response = await accept(request.requestId);
        expect(response.statusCode, message).toBe(409);
        expect(response.json(), message).toEqual({ message });
        expect(await registeredOn(flightId)).toEqual(before);
        expect((await requestsOf(request.bookingId))[0]).toMatchObject({ status: 'pending', decided_at: null });
        expect(await outbox(request.bookingId)).toEqual([]);
      }
      // Refusing stays possible: the customer is told.
      expect((await refuse(onClosed.requestId)).json()).toMatchObject({ status: 'refused' });
    });

    it('is one transaction: a failure after the registrations leaves no registration and the request waiting', async () => {
      const flightId = await publicFlight();
      const { requestId, bookingId } = await pendingRequest(flightId, 2);
      // The mail is the last step: without its template it fails after the passengers were inserted.
      const template = await db()
        .selectFrom('email_templates')
        .selectAll()
        .where('slug', '=', 'registration-request-accepted')
        .executeTakeFirstOrThrow();
      await db().deleteFrom('email_templates').where('id', '=', template.id).execute();
      try {
        const response = await accept(requestId);
        expect(response.statusCode).toBe(422);
        expect(await registeredOn(flightId)).toEqual([]);
        expect((await requestsOf(bookingId))[0]).toMatchObject({ status: 'pending' });
        expect(await outbox(bookingId)).toEqual([]);
      } finally {
        const { id: _id, ...values } = template;
        await db().insertInto('email_templates').values(values).execute();
      }
      expect((await accept(requestId)).statusCode).toBe(200);
    });

    it("'Refuser' closes the request and queues the mail, registering nobody; a booking without address is still decided", async () => {
      const flightId = await publicFlight();
      const { requestId, bookingId } = await pendingRequest(flightId, 2);
      const response = await refuse(requestId);
      expect(response.json()).toEqual({
        id: requestId,
        status: 'refused',
        registered: 0,
        mail: { status: 'queued', recipient: 'referent@example.test' },
      });
      expect(await registeredOn(flightId)).toEqual([]);
      expect(await outbox(bookingId)).toMatchObject([{ template_slug: 'registration-request-refused' }]);

      const silent = await pendingRequest(flightId, 1);
      await db().updateTable('passengers').set({ email: null }).where('booking_id', '=', silent.bookingId).execute();
      const booking = await db()
        .selectFrom('bookings')
        .select('customer_id')
        .where('id', '=', silent.bookingId)
        .executeTakeFirstOrThrow();
      await db().updateTable('customers').set({ email: null }).where('id', '=', booking.customer_id!).execute();
      expect((await accept(silent.requestId)).json()).toMatchObject({
        status: 'accepted',
        mail: { status: 'no-address' },
      });
    });

    it('decides a request once when two staff members click at the same time, through two processes', async () => {
      const flightId = await publicFlight({ balloon_id: await newBalloon(db(), { passengers: 6 }) });
      const { requestId, bookingId } = await pendingRequest(flightId, 2);
      const other = await buildApp({ config: testConfig(), database: t.database });
      try {
        const answers = await Promise.all([
          accept(requestId),
          other.inject({ method: 'POST', url: `/api/registration-requests/${requestId}/accept`, headers: staff }),
          other.inject({ method: 'POST', url: `/api/registration-requests/${requestId}/refuse`, headers: staff }),
        ]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      } finally {
        await other.close();
      }
      expect(await outbox(bookingId)).toHaveLength(1);
      const registered = await registeredOn(flightId);
      expect(registered.length === 0 || registered.length === 2).toBe(true);
    });

    it('answers 404 for an unknown request and is closed to anonymous callers', async () => {
      expect((await accept(99_999_999)).statusCode).toBe(404);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/registration-requests/1/accept' });
      expect(anonymous.statusCode).toBe(419);
    });
  });
});
