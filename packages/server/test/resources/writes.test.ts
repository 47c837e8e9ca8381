import { FLIGHT_STATUSES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constraintViolation } from '../../src/engine/db-errors.js';
import {
  newBalloon,
  newBooking,
  newCustomer,
  newFlight,
  newLocation,
  newPassenger,
  newPilot,
  newPrestation,
  newTeammate,
} from '../builders.js';
import { type Client, client } from '../engine/support.js';
import { createTestApp, engine, type TestApp } from '../helpers.js';

// Generic writes: POST 201 / PUT 200 (only the fields sent) / DELETE 204, 422 with French field messages,
// exclusive defaults, id lists through pivots, uniqueness, refused deletions, one transaction per write.

describe(`resource writes on ${engine}`, () => {
  let t: TestApp;
  let api: Client;
  beforeAll(async () => {
    t = await createTestApp();
    api = await client(t);
  });
  afterAll(() => t.close());

  const rowCount = async (table: 'bookings' | 'flights' | 'balloons' | 'requested_dates' | 'flight_teammates') => {
    const row = await t.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  describe('create, update, delete', () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['booking-origins', { label: 'Site internet' }, { label: 'Salon' }],
      ['business-providers', { label: 'Office de tourisme' }, { label: 'Hôtel' }],
      ['payment-methods', { label: 'Chèque' }, { label: 'Espèces' }],
      ['passenger-types', { label: 'Adulte' }, { label: 'Enfant' }],
      ['flight-types', { label: 'Commercial', is_default: 0 }, { label: 'Entraînement' }],
      ['locations', { label: 'Beaune', takeoff_altitude: 210 }, { risk_factors: 'Lignes HT' }],
      ['pilots', { first_name: 'Amélie', last_name: 'Lefèvre', weight: 70 }, { bag_weight: 8 }],
      ['teammates', { first_name: 'Paul', last_name: 'Roux', email: '' }, { phone: '06 12 34 56 78' }],
      ['prestations', { label: 'Vol classique' }, { label: 'Vol privatif' }],
      ['balloons', { label: 'F-HABC', passengers: 6, takeoff_max_mass: 1800 }, { volume: 3400 }],
      [
        'events',
        { scheduled_date: '2026-05-01', scheduled_time: '09:30', title: 'Réunion' },
        { description: 'Salle B' },
      ],
      ['customers', { customer_type_id: 3, company_name: 'ACME', town: 'Dijon' }, { zip_code: '21000' }],
      ['ticket-templates', { label: 'Billet', template_base: 'classic' }, { label: 'Billet cadeau' }],
    ];
    it.each(cases)('%s: POST 201, PUT changes only the fields sent, DELETE 204', async (resource, create, update) => {
      const created = await api.post(`/api/${resource}`, create);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.id).toEqual(expect.any(Number));
      const { id } = created.body;
      const updated = await api.put(`/api/${resource}/${id}`, update);
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      const expected = { ...created.body, ...update };
      for (const key of ['updated_at', 'full_name']) delete expected[key];
      expect(updated.body).toMatchObject(expected);
      expect((await api.get(`/api/${resource}/${id}`)).body).toMatchObject(expected);
      expect((await api.del(`/api/${resource}/${id}`)).status).toBe(204);
      expect((await api.get(`/api/${resource}/${id}`)).status).toBe(404);
    });

    it('stores times with seconds, clears optional texts sent empty, and an empty PUT changes nothing', async () => {
      const event = await api.post('/api/events', {
        scheduled_date: '2026-05-01',
        scheduled_time: '09:30',
        title: 'Note',
        description: 'x',
      });
      expect(event.body.scheduled_time).toBe('09:30:00');
      const cleared = await api.put(`/api/events/${event.body.id}`, { description: '' });
      expect(cleared.body.description).toBeNull();
      const same = await api.put(`/api/events/${event.body.id}`, {});
      expect(same.status).toBe(200);
      expect(same.body).toEqual(cleared.body);
    });

    it('answers 404 on PUT and DELETE of an unknown id', async () => {
      expect((await api.put('/api/balloons/999999', { label: 'x' })).status).toBe(404);
      expect((await api.del('/api/balloons/999999')).status).toBe(404);
    });

    it('creates bookings in status 1 and flights in status 1 (pending, planned)', async () => {
      const booking = await api.post('/api/bookings', {
        number: '2026-10001',
        passengers_number: 2,
        booked_at: '2026-03-01',
      });
      expect(booking.status).toBe(201);
      expect(booking.body).toMatchObject({ booking_status_id: 1, number_alt: null, has_all_infos: 0, total_weight: 0 });
      const flight = await api.post('/api/flights', { scheduled_date: '2026-06-01', scheduled_time: '06:30' });
      expect(flight.status).toBe(201);
      expect(flight.body).toMatchObject({ flight_status_id: 1, scheduled_time: '06:30:00', passengers_count: 0 });
    });

    it('records the signed-in author of a note', async () => {
      const { headers, userId } = await (await import('../helpers.js')).signIn(t, 'admin');
      const booking = await newBooking(t.database.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/booking-notes',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ booking_id: booking, content: 'Appeler le client' }),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ booking_id: booking, user_id: userId });
    });
  });

  describe('422 on invalid payloads, with the field named', () => {
    let booking: number;
    let flight: number;
    beforeAll(async () => {
      booking = await newBooking(t.database.db);
      flight = await newFlight(t.database.db);
    });
    const cases: [string, () => Record<string, unknown>, string][] = [
      ['bookings', () => ({ passengers_number: 2 }), 'number'],
      ['bookings', () => ({ number: 'X-1', passengers_number: 0 }), 'passengers_number'],
      ['bookings', () => ({ number: 'X-2', passengers_number: 1, booked_at: '2026-02-30' }), 'booked_at'],
      ['bookings', () => ({ number: 'X-3', passengers_number: 1, refundable: 3 }), 'refundable'],
      ['booking-links', () => ({ booking_id: booking, linked_booking_id: booking }), 'linked_booking_id'],
      ['requested-dates', () => ({ booking_id: booking, date: 'demain' }), 'date'],
      ['booking-notes', () => ({ booking_id: booking, content: '  ' }), 'content'],
      ['booking-origins', () => ({}), 'label'],
      ['business-providers', () => ({ label: '' }), 'label'],
      ['payment-methods', () => ({ label: 12 }), 'label'],
      ['passenger-types', () => ({ label: null }), 'label'],
      ['customers', () => ({ customer_type_id: 3 }), 'company_name'],
      ['customers', () => ({ customer_type_id: 2 }), 'last_name'],
      ['customers', () => ({ customer_type_id: 2, last_name: 'Roux', email: 'pas-un-email' }), 'email'],
      ['passengers', () => ({ booking_id: booking, first_name: 'A', last_name: 'B' }), 'ticket_number'],
      [
        'passengers',
        () => ({ booking_id: booking, ticket_number: 'T-1', first_name: 'A', last_name: 'B', age: -1 }),
        'age',
      ],
      ['balloons', () => ({ label: 'B', passengers: 4 }), 'takeoff_max_mass'],
      ['events', () => ({ scheduled_date: '2026-01-01', scheduled_time: '25:00', title: 'x' }), 'scheduled_time'],
      ['flights', () => ({ scheduled_time: '07:00' }), 'scheduled_date'],
      ['flight-notes', () => ({ flight_id: flight, content: 'x', is_pinned: 2 }), 'is_pinned'],
      ['flight-types', () => ({ label: 'x', is_default: 'oui' }), 'is_default'],
      ['locations', () => ({ label: 'x', takeoff_altitude: 'haut' }), 'takeoff_altitude'],
      ['pilots', () => ({ first_name: 'x' }), 'last_name'],
      ['teammates', () => ({ last_name: 'x' }), 'first_name'],
      ['prestations', () => ({ label: 'x', ticket_template_id: 'a' }), 'ticket_template_id'],
      ['ticket-templates', () => ({ label: 'x', template_base: 'inconnu' }), 'template_base'],
      ['registrations', () => ({ flight_id: flight }), 'passenger_id'],
      ['balloons', () => ({ label: 'B', passengers: 4, takeoff_max_mass: 1000, color: 'rouge' }), 'color'],
      ['bookings', () => ({ number: 'X-4', passengers_number: 1, location_id: 999999 }), 'location_id'],
      ['flights', () => ({ scheduled_date: '2026-01-01', scheduled_time: '07:00', teammates: [999999] }), 'teammates'],
      [
        'passengers',
        () => ({ booking_id: 999999, ticket_number: 'T-9', first_name: 'A', last_name: 'B' }),
        'booking_id',
      ],
    ];
    it.each(cases)('%s %#: %s', async (resource, payload, field) => {
      const { status, body } = await api.post(`/api/${resource}`, payload());
      expect(status, JSON.stringify(body)).toBe(422);
      expect(body.errors[field], JSON.stringify(body)).toEqual([expect.any(String)]);
      expect(body.message).toBe('Les données envoyées sont invalides.');
    });

    it('names unknown payload fields and unknown ids in French', async () => {
      const unknown = await api.post('/api/balloons', { label: 'B', passengers: 4, takeoff_max_mass: 1, color: 'x' });
      expect(unknown.body.errors).toEqual({ color: ['Champ non autorisé.'] });
      const badId = await api.post('/api/bookings', { number: 'X-5', passengers_number: 1, prestation_id: 999999 });
      expect(badId.body.errors).toEqual({ prestation_id: ['La valeur sélectionnée n’existe pas.'] });
      const required = await api.post('/api/pilots', { first_name: 'Amélie' });
      expect(required.body.errors).toEqual({ last_name: ['Ce champ est obligatoire.'] });
    });

    it('validates a PUT the same way, and a refused write changes nothing', async () => {
      const teammate = await newTeammate(t.database.db);
      const created = await api.post('/api/flights', {
        scheduled_date: '2026-06-01',
        scheduled_time: '07:00',
        teammates: [teammate],
      });
      const before = await rowCount('flight_teammates');
      const refused = await api.put(`/api/flights/${created.body.id}`, {
        scheduled_time: '08:00',
        teammates: [999999],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.teammates).toBeDefined();
      expect((await api.get(`/api/flights/${created.body.id}`)).body.scheduled_time).toBe('07:00:00');
      expect(await rowCount('flight_teammates')).toBe(before);
      const bookings = await rowCount('bookings');
      const booking = await api.post('/api/bookings', {
        number: 'X-6',
        passengers_number: 1,
        flight_schedules: [1, 999999],
      });
      expect(booking.status).toBe(422);
      expect(await rowCount('bookings')).toBe(bookings);
    });
  });

  describe('is_default is exclusive', () => {
    const builders: [string, Record<string, unknown>][] = [
      ['balloons', { passengers: 4, takeoff_max_mass: 1500 }],
      ['pilots', { first_name: 'P', last_name: 'Q' }],
      ['locations', {}],
      ['prestations', {}],
      ['flight-types', {}],
    ];
    it.each(builders)('%s: setting one default clears the previous one', async (resource, base) => {
      const withLabel = (label: string) => (resource === 'pilots' ? { ...base } : { ...base, label });
      const a = (await api.post(`/api/${resource}`, { ...withLabel('A'), is_default: 1 })).body;
      const b = (await api.post(`/api/${resource}`, { ...withLabel('B'), is_default: 1 })).body;
      expect(b.is_default).toBe(1);
      expect((await api.get(`/api/${resource}/${a.id}`)).body.is_default).toBe(0);
      await api.put(`/api/${resource}/${a.id}`, { is_default: 1 });
      expect((await api.get(`/api/${resource}/${b.id}`)).body.is_default).toBe(0);
      const defaults = (await api.get(`/api/${resource}?filters=is_default|=|1`)).body;
      expect(defaults.map((r: { id: number }) => r.id)).toEqual([a.id]);
    });

    it('one referent passenger per booking, others untouched', async () => {
      const db = t.database.db;
      const b1 = await newBooking(db);
      const b2 = await newBooking(db);
      const first = await newPassenger(db, b1, { is_referent: 1 });
      const elsewhere = await newPassenger(db, b2, { is_referent: 1 });
      const second = await api.post('/api/passengers', {
        booking_id: b1,
        ticket_number: `T-${b1}-02`,
        first_name: 'Léa',
        last_name: 'Roux',
        is_referent: 1,
      });
      expect(second.status).toBe(201);
      expect((await api.get(`/api/passengers/${first}`)).body.is_referent).toBe(0);
      expect((await api.get(`/api/passengers/${elsewhere}`)).body.is_referent).toBe(1);
    });
  });

  describe('id lists written through pivots', () => {
    it('flight teammates', async () => {
      const db = t.database.db;
      const [m1, m2] = [await newTeammate(db), await newTeammate(db)];
      const flight = (
        await api.post('/api/flights', { scheduled_date: '2026-06-02', scheduled_time: '07:00', teammates: [m1, m2] })
      ).body;
      const read = async () =>
        (await api.get(`/api/flights/${flight.id}?embed=teammates`)).body.teammates
          .map((m: { id: number }) => m.id)
          .sort();
      expect(await read()).toEqual([m1, m2].sort());
      await api.put(`/api/flights/${flight.id}`, { teammates: [m2] });
      expect(await read()).toEqual([m2]);
      await api.put(`/api/flights/${flight.id}`, { is_public: 1 });
      expect(await read()).toEqual([m2]);
      await api.put(`/api/flights/${flight.id}`, { teammates: [] });
      expect(await read()).toEqual([]);
    });

    it('booking flight schedules', async () => {
      const booking = (
        await api.post('/api/bookings', { number: '2026-20001', passengers_number: 1, flight_schedules: [1, 2] })
      ).body;
      const read = async () =>
        (await api.get(`/api/bookings/${booking.id}?embed=flight_schedules`)).body.flight_schedules.map(
          (s: { id: number }) => s.id,
        );
      expect(await read()).toEqual([1, 2]);
      await api.put(`/api/bookings/${booking.id}`, { flight_schedules: [2] });
      expect(await read()).toEqual([2]);
    });

    it('ticket template prestations set and clear prestations.ticket_template_id', async () => {
      const db = t.database.db;
      const [p1, p2] = [await newPrestation(db), await newPrestation(db)];
      const template = (
        await api.post('/api/ticket-templates', { label: 'Billet', template_base: 'gift', prestations: [p1, p2] })
      ).body;
      const read = async () =>
        (await api.get(`/api/ticket-templates/${template.id}?embed=prestations`)).body.prestations
          .map((p: { id: number }) => p.id)
          .sort();
      expect(await read()).toEqual([p1, p2].sort());
      await api.put(`/api/ticket-templates/${template.id}`, { prestations: [p2] });
      expect(await read()).toEqual([p2]);
      expect((await api.get(`/api/prestations/${p1}`)).body.ticket_template_id).toBeNull();
      expect((await api.get(`/api/prestations/${p2}?embed=ticket_template`)).body.ticket_template.label).toBe('Billet');
    });
  });

  describe('uniqueness of numbers', () => {
    it('booking number and alternative number: 422 "Ce numéro existe déjà"', async () => {
      const a = (await api.post('/api/bookings', { number: '2026-30001', number_alt: 'WC-1', passengers_number: 1 }))
        .body;
      const sameNumber = await api.post('/api/bookings', { number: '2026-30001', passengers_number: 1 });
      expect(sameNumber.status).toBe(422);
      expect(sameNumber.body.errors).toEqual({ number: ['Ce numéro existe déjà'] });
      const sameAlt = await api.post('/api/bookings', {
        number: '2026-30002',
        number_alt: 'WC-1',
        passengers_number: 1,
      });
      expect(sameAlt.body.errors).toEqual({ number_alt: ['Ce numéro existe déjà'] });
      const b = (await api.post('/api/bookings', { number: '2026-30003', passengers_number: 1 })).body;
      const clash = await api.put(`/api/bookings/${b.id}`, { number: '2026-30001' });
      expect(clash.status).toBe(422);
      expect(clash.body.errors).toEqual({ number: ['Ce numéro existe déjà'] });
      expect((await api.put(`/api/bookings/${a.id}`, { number: '2026-30001', passengers_number: 3 })).status).toBe(200);
      // Empty alternative numbers never clash.
      expect((await api.put(`/api/bookings/${b.id}`, { number_alt: '' })).status).toBe(200);
      expect(
        (await api.post('/api/bookings', { number: '2026-30004', number_alt: '', passengers_number: 1 })).status,
      ).toBe(201);
    });

    it('passenger ticket number', async () => {
      const booking = await newBooking(t.database.db);
      const payload = { booking_id: booking, ticket_number: 'TK-1', first_name: 'A', last_name: 'B' };
      expect((await api.post('/api/passengers', payload)).status).toBe(201);
      const again = await api.post('/api/passengers', payload);
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ ticket_number: ['Ce numéro existe déjà'] });
    });

    it('reads the unique violation of either engine as the column (the fallback when two writes race)', async () => {
      const db = t.database.db;
      await db
        .insertInto('bookings')
        .values({ number: 'RACE-1', passengers_number: 1, booking_status_id: 1 })
        .execute();
      const error = await db
        .insertInto('bookings')
        .values({ number: 'RACE-1', passengers_number: 1, booking_status_id: 1 })
        .execute()
        .catch((e: unknown) => e);
      expect(constraintViolation(error)).toEqual({ kind: 'unique', columns: ['number'] });
      const fk = await db
        .insertInto('bookings')
        .values({ number: 'RACE-2', passengers_number: 1, booking_status_id: 999 })
        .execute()
        .catch((e: unknown) => e);
      expect(constraintViolation(fk)).toEqual({ kind: 'foreignKey' });
    });

    it('requested dates: asking again for the same date answers it (200), once per booking', async () => {
      const booking = await newBooking(t.database.db);
      const first = await api.post('/api/requested-dates', { booking_id: booking, date: '2026-08-01' });
      expect(first.status).toBe(201);
      const again = await api.post('/api/requested-dates', { booking_id: booking, date: '2026-08-01' });
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(first.body.id);
      const other = await api.post('/api/requested-dates', { booking_id: booking, date: '2026-08-02' });
      const moved = await api.put(`/api/requested-dates/${other.body.id}`, { date: '2026-08-01' });
      expect(moved.status).toBe(422);
      expect(moved.body.errors.date).toEqual(['Cette date est déjà demandée pour cette réservation.']);
      const list = await api.get(`/api/requested-dates?filters=booking_id|=|${booking}&order=date|ASC`);
      expect(list.body.map((d: { date: string }) => d.date)).toEqual(['2026-08-01', '2026-08-02']);
    });

    it('booking links and registrations are not doubled', async () => {
      const db = t.database.db;
      const [a, b] = [await newBooking(db), await newBooking(db)];
      expect((await api.post('/api/booking-links', { booking_id: a, linked_booking_id: b })).status).toBe(201);
      const reverse = await api.post('/api/booking-links', { booking_id: b, linked_booking_id: a });
      expect(reverse.status).toBe(422);
      expect(reverse.body.errors.linked_booking_id).toEqual(['Ces réservations sont déjà liées.']);
      const flight = await newFlight(db);
      const passenger = await newPassenger(db, a);
      expect((await api.post('/api/registrations', { flight_id: flight, passenger_id: passenger })).status).toBe(201);
      const twice = await api.post('/api/registrations', { flight_id: flight, passenger_id: passenger });
      expect(twice.body.errors.passenger_id).toEqual(['Ce passager est déjà inscrit sur ce vol.']);
    });
  });

  describe('deletion refused while still used (409, nothing deleted)', () => {
    const refused = async (resource: string, id: number, message: string) => {
      const { status, body } = await api.del(`/api/${resource}/${id}`);
      expect(status).toBe(409);
      expect(body.message).toBe(message);
      expect((await api.get(`/api/${resource}/${id}`)).status).toBe(200);
    };

    it('balloon, pilot, teammate with flights; location and prestation with bookings or flights', async () => {
      const db = t.database.db;
      const balloon = await newBalloon(db);
      const pilot = await newPilot(db);
      const teammate = await newTeammate(db);
      const location = await newLocation(db);
      const prestation = await newPrestation(db);
      const flight = await newFlight(db, { balloon_id: balloon, pilot_id: pilot });
      await db.insertInto('flight_teammates').values({ flight_id: flight, teammate_id: teammate }).execute();
      await newBooking(db, { location_id: location, prestation_id: prestation });
      await refused('balloons', balloon, 'Ce ballon est utilisé par 1 vol : suppression impossible.');
      await refused('pilots', pilot, 'Ce pilote est affecté à 1 vol : suppression impossible.');
      await refused('teammates', teammate, 'Cet équipier est affecté à 1 vol : suppression impossible.');
      await refused('locations', location, 'Ce lieu de vol est utilisé par 1 réservation : suppression impossible.');
      await refused(
        'prestations',
        prestation,
        'Cette prestation est utilisée par 1 réservation : suppression impossible.',
      );
      const flightLocation = await newLocation(db);
      await newFlight(db, { location_id: flightLocation });
      await refused('locations', flightLocation, 'Ce lieu de vol est utilisé par 1 vol : suppression impossible.');
    });

    it('customer with bookings, passenger type with passengers', async () => {
      const db = t.database.db;
      const customer = await newCustomer(db);
      await newBooking(db, { customer_id: customer });
      await refused('customers', customer, 'Ce client est associé à 1 réservation : suppression impossible.');
      const type = (await api.post('/api/passenger-types', { label: 'Senior' })).body.id;
      await newPassenger(db, await newBooking(db), { passenger_type_id: type });
      await refused('passenger-types', type, 'Cette qualité est attribuée à 1 passager : suppression impossible.');
    });

    it('a flight whose status is not editable cannot be deleted; a planned one can', async () => {
      const db = t.database.db;
      for (const status of [FLIGHT_STATUSES.realized, FLIGHT_STATUSES.weatherPostponed, FLIGHT_STATUSES.canceled]) {
        const flight = await newFlight(db, { flight_status_id: status.id });
        await refused('flights', flight, 'Ce vol ne peut plus être supprimé.');
      }
      const planned = await newFlight(db);
      await newPassenger(db, await newBooking(db)).then((p) =>
        db.insertInto('registrations').values({ flight_id: planned, passenger_id: p }).execute(),
      );
      expect((await api.del(`/api/flights/${planned}`)).status).toBe(204);
    });
  });

  describe('text indexes follow the writes', () => {
    it('a created or renamed passenger or customer is found by search at once', async () => {
      const booking = (await api.post('/api/bookings', { number: '2026-40001', passengers_number: 1 })).body;
      const passenger = await api.post('/api/passengers', {
        booking_id: booking.id,
        ticket_number: 'TX-40001',
        first_name: 'Hélène',
        last_name: 'Quénéhervé',
      });
      const search = async (text: string) =>
        (await api.get(`/api/bookings?search=${encodeURIComponent(text)}`)).body.map((b: { id: number }) => b.id);
      expect(await search('queneherve')).toEqual([booking.id]);
      await api.put(`/api/passengers/${passenger.body.id}`, { last_name: 'Kerouédan' });
      expect(await search('kerouedan')).toEqual([booking.id]);
      expect(await search('queneherve')).toEqual([]);
      const customer = (
        await api.post('/api/customers', { customer_type_id: 3, company_name: 'X', last_name: 'Ÿvonnec' })
      ).body;
      await api.put(`/api/bookings/${booking.id}`, { customer_id: customer.id });
      expect(await search('yvonnec')).toEqual([booking.id]);
      await api.put(`/api/bookings/${booking.id}`, { number_alt: 'SHOP-777' });
      expect(await search('#shop-7')).toEqual([booking.id]);
      expect(await search('hop-77')).toEqual([booking.id]);
    });
  });

  describe('rules of particular resources', () => {
    it('a realized flight needs its takeoff and landing times', async () => {
      const flight = await newFlight(t.database.db);
      const missing = await api.put(`/api/flights/${flight}`, { flight_status_id: FLIGHT_STATUSES.realized.id });
      expect(missing.status).toBe(422);
      expect(Object.keys(missing.body.errors).sort()).toEqual(['landing_time', 'takeoff_time']);
      const done = await api.put(`/api/flights/${flight}`, {
        flight_status_id: FLIGHT_STATUSES.realized.id,
        takeoff_time: '07:05',
        landing_time: '08:20',
      });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ takeoff_time: '07:05:00', landing_time: '08:20:00', flight_status_id: 2 });
    });

    it('an individual customer has no company name, SIRET or VAT; a company needs its name', async () => {
      const company = (
        await api.post('/api/customers', {
          customer_type_id: 3,
          company_name: 'ACME',
          siret_number: '123',
          vat_number: 'FR1',
        })
      ).body;
      const missing = await api.put(`/api/customers/${company.id}`, { customer_type_id: 2 });
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ last_name: ['Ce champ est obligatoire.'] });
      const individual = await api.put(`/api/customers/${company.id}`, { customer_type_id: 2, last_name: 'Roux' });
      expect(individual.body).toMatchObject({
        customer_type_id: 2,
        company_name: null,
        siret_number: null,
        vat_number: null,
        full_name: 'Roux',
      });
    });

    it('email templates: subject and body only, body sanitized, manage_settings needed', async () => {
      const template = (await api.get('/api/email-templates')).body[0];
      const body =
        '<h2>Bonjour {{referent.full_name}}</h2><p style="color: #ff0000">Rouge</p><script>alert(1)</script>' +
        '<p><a href="javascript:alert(1)">x</a> <a href="https://exemple.fr">site</a> <img src=x onerror=alert(1)></p>';
      const saved = await api.put(`/api/email-templates/${template.id}`, { subject: 'Objet', body });
      expect(saved.status).toBe(200);
      expect(saved.body.body).toContain('<h2>Bonjour {{referent.full_name}}</h2>');
      expect(saved.body.body).toContain('<a href="https://exemple.fr">site</a>');
      expect(saved.body.body).not.toMatch(/script|javascript|onerror|<img/);
      expect((await api.put(`/api/email-templates/${template.id}`, { label: 'x' })).body.errors).toEqual({
        label: ['Champ non autorisé.'],
      });
      const operator = await client(t, 'operator');
      expect((await operator.put(`/api/email-templates/${template.id}`, { subject: 'x' })).status).toBe(403);
      expect((await api.post('/api/email-templates', { subject: 'x' })).status).toBe(404);
    });

    it('ticket templates need manage_ticket_templates to change, not to read', async () => {
      const operator = await client(t, 'operator');
      expect((await operator.post('/api/ticket-templates', { label: 'B', template_base: 'classic' })).status).toBe(403);
      expect((await operator.get('/api/ticket-templates?order=label|ASC')).status).toBe(200);
    });

    it('read-only resources have no write routes', async () => {
      for (const resource of ['customer-types', 'booking-statutes', 'flight-statutes', 'flight-schedules', 'roles']) {
        expect((await api.post(`/api/${resource}`, { label: 'x' })).status, resource).toBe(404);
      }
      expect((await api.del('/api/booking-statutes/1')).status).toBe(404);
      const statuses = (await api.get('/api/booking-statutes')).body.map((s: { slug: string }) => s.slug);
      expect(statuses).toEqual(['pending', 'in-progress', 'completed', 'canceled', 'expired']);
    });
  });
});
