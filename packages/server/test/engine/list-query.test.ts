import { BOOKING_PAGE_QUERY, formatListQuery } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/auth/api-tokens.js';
import {
  newBalloon,
  newBooking,
  newCustomer,
  newFlight,
  newFlightNote,
  newLocation,
  newPassenger,
  newPrestation,
  register,
} from '../builders.js';
import { createTestApp, engine, type TestApp } from '../helpers.js';
import { type Client, client, qs } from './support.js';

// The list-query language (docs/api.md) through GET /api/..., on a small booking set:
//   b1 2026-00001 / WEB-001, 2 pax, pending, customer Martin, passengers Éléonore (referent) + Dupont, date 2026-06-20
//   b2 2026-00002, 3 pax, in progress, customer Lefèvre, passenger Bernard (no weight), booked 2026-02-15
//   b3 2025-00003 / 50%_off, 1 pax, completed, no customer, no passenger, no booked_at
//   b4 2026-00004, 4 pax, pending, passenger O'Brien
// Flights: f1 planned 2026-07-01 on balloon F-ABCD (Éléonore), f2 realized 2026-05-01 (Dupont, O'Brien).

describe(`list-query language on ${engine}`, () => {
  let t: TestApp;
  let api: Client;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    api = await client(t);
    const db = t.database.db;
    const martin = await newCustomer(db, { last_name: 'Martin', customer_type_id: 2 });
    const lefevre = await newCustomer(db, { last_name: 'Lefèvre', customer_type_id: 2 });
    id.martin = martin;
    id.lefevre = lefevre;
    id.location = await newLocation(db, { label: 'Beaune' });
    id.prestation = await newPrestation(db, { label: 'Vol classique' });
    id.b1 = await newBooking(db, {
      number: '2026-00001',
      number_alt: 'WEB-001',
      passengers_number: 2,
      booked_at: '2026-01-10',
      customer_id: martin,
      location_id: id.location,
      prestation_id: id.prestation,
    });
    id.b2 = await newBooking(db, {
      number: '2026-00002',
      passengers_number: 3,
      booked_at: '2026-02-15',
      booking_status_id: 2,
      customer_id: lefevre,
    });
    id.b3 = await newBooking(db, {
      number: '2025-00003',
      number_alt: '50%_off',
      passengers_number: 1,
      booked_at: null,
      booking_status_id: 3,
    });
    id.b4 = await newBooking(db, { number: '2026-00004', passengers_number: 4, booked_at: '2026-01-20' });
    id.eleonore = await newPassenger(db, id.b1, {
      first_name: 'Anne',
      last_name: 'Éléonore',
      is_referent: 1,
      weight: 60,
    });
    id.dupont = await newPassenger(db, id.b1, { first_name: 'Jean', last_name: 'Dupont', weight: 80 });
    id.bernard = await newPassenger(db, id.b2, {
      first_name: 'Marc',
      last_name: 'Bernard',
      weight: null,
      is_referent: 1,
    });
    id.obrien = await newPassenger(db, id.b4, { first_name: 'Zoé', last_name: "O'Brien", weight: 70, is_referent: 1 });
    await db.insertInto('requested_dates').values({ booking_id: id.b1, date: '2026-06-20' }).execute();
    await db.insertInto('booking_links').values({ booking_id: id.b1, linked_booking_id: id.b2 }).execute();
    id.balloon = await newBalloon(db, { label: 'F-ABCD', passengers: 5 });
    id.f1 = await newFlight(db, { scheduled_date: '2026-07-01', balloon_id: id.balloon });
    id.f2 = await newFlight(db, {
      scheduled_date: '2026-05-01',
      flight_status_id: 2,
      takeoff_time: '07:00:00',
      landing_time: '08:00:00',
    });
    await register(db, id.f1, id.eleonore);
    await register(db, id.f2, id.dupont);
    await register(db, id.f2, id.obrien);
  });
  afterAll(() => t.close());

  const bookingIds = async (query: string) => {
    const { status, body } = await api.get(`/api/bookings?${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return (body as { id: number }[]).map((b) => b.id).sort((a, b) => a - b);
  };
  const ids = (...names: string[]) => names.map((n) => id[n]!).sort((a, b) => a - b);
  const filter = (f: string) => bookingIds(qs({ filters: f }));

  describe('operators', () => {
    it('compares with = <> < <= > >=', async () => {
      expect(await filter('passengers_number|=|2')).toEqual(ids('b1'));
      expect(await filter('passengers_number|<>|2')).toEqual(ids('b2', 'b3', 'b4'));
      expect(await filter('passengers_number|<|2')).toEqual(ids('b3'));
      expect(await filter('passengers_number|<=|2')).toEqual(ids('b1', 'b3'));
      expect(await filter('passengers_number|>|2')).toEqual(ids('b2', 'b4'));
      expect(await filter('passengers_number|>=|3')).toEqual(ids('b2', 'b4'));
      expect(await filter('booked_at|>=|2026-01-15')).toEqual(ids('b2', 'b4'));
    });

    it('in and notin take values joined by ;', async () => {
      expect(await filter('passengers_number|in|1;4')).toEqual(ids('b3', 'b4'));
      expect(await filter('booking_status_id|notin|1;2')).toEqual(ids('b3'));
    });

    it('null and notnull', async () => {
      expect(await filter('number_alt|null')).toEqual(ids('b2', 'b4'));
      expect(await filter('number_alt|notnull')).toEqual(ids('b1', 'b3'));
    });

    it('<> and notin keep the rows where the field is empty', async () => {
      expect(await filter('number_alt|<>|WEB-001')).toEqual(ids('b2', 'b3', 'b4'));
      expect(await filter('number_alt|notin|WEB-001')).toEqual(ids('b2', 'b3', 'b4'));
    });

    it('like: ~ is the wildcard, case- and accent-insensitive, without ~ an exact match', async () => {
      expect(await filter('number_alt|like|web~')).toEqual(ids('b1'));
      expect(await filter('number|like|2026~')).toEqual(ids('b1', 'b2', 'b4'));
      expect(await filter('number|like|~0000~')).toEqual(ids('b1', 'b2', 'b3', 'b4'));
      expect(await filter('number|like|2026')).toEqual([]);
      expect(await filter('number|like|2026-00001')).toEqual(ids('b1'));
      expect(await filter('customer.last_name|like|lefevre')).toEqual(ids('b2'));
      expect(await filter('customer.last_name|like|~FÈV~')).toEqual(ids('b2'));
    });

    it('like: % and _ typed by the user match themselves', async () => {
      expect(await filter('number_alt|like|50%~')).toEqual(ids('b3'));
      expect(await filter('number_alt|like|~%_off')).toEqual(ids('b3'));
      // `_` is no single-character wildcard: "5_~" would match "50%_off" if it were.
      expect(await filter('number_alt|like|5_~')).toEqual([]);
      expect(await filter('number|like|2026%~')).toEqual([]);
    });

    it('coerces values per field type and refuses a bad one with a 400 naming the field', async () => {
      for (const f of ['passengers_number|=|abc', 'booked_at|=|2026-02-30', 'refundable|=|2', 'id|in|1;x']) {
        const { status, body } = await api.get(`/api/bookings?${qs({ filters: f })}`);
        expect(status, f).toBe(400);
        expect(body.message).toContain(`« ${f.split('|')[0]} »`);
      }
      expect(await filter('refundable|=|0')).toEqual(ids('b1', 'b2', 'b3', 'b4'));
    });

    it('refuses like on a non-text field', async () => {
      const { status, body } = await api.get(`/api/bookings?${qs({ filters: 'passengers_number|like|1' })}`);
      expect(status).toBe(400);
      expect(body.message).toBe("L'opérateur « like » ne s'applique pas au champ « passengers_number ».");
    });
  });

  describe('relation paths', () => {
    it('filters through belongsTo and hasMany relations', async () => {
      expect(await filter('customer.last_name|=|Martin')).toEqual(ids('b1'));
      expect(await filter('booking_status.slug|=|pending')).toEqual(ids('b1', 'b4'));
      expect(await filter('requested_dates.date|=|2026-06-20')).toEqual(ids('b1'));
      expect(await filter('passengers.last_name|=|Dupont')).toEqual(ids('b1'));
      const { body } = await api.get(
        `/api/customers?${qs({ filters: `bookings.id|=|${id.b2}`, embed: 'customer_type' })}`,
      );
      expect(body.map((c: { id: number }) => c.id)).toEqual([id.lefevre]);
      expect(body[0].customer_type.slug).toBe('individual');
    });

    it('goes several relations deep', async () => {
      expect(await filter('passengers.flights.scheduled_date|=|2026-07-01')).toEqual(ids('b1'));
      expect(await filter('passengers.flights.balloon.label|=|F-ABCD')).toEqual(ids('b1'));
      expect(await filter('passengers.flights.flight_status.slug|=|realized')).toEqual(ids('b1', 'b4'));
    });

    it('never multiplies rows when several related rows match', async () => {
      const { body } = await api.get(`/api/bookings?${qs({ filters: 'passengers.weight|>|10' })}`);
      expect(body.map((b: { id: number }) => b.id).sort()).toEqual(ids('b1', 'b4'));
    });

    it('combines filters with AND', async () => {
      expect(await filter('booking_status.slug|=|pending,requested_dates.date|=|2026-06-20')).toEqual(ids('b1'));
    });
  });

  describe('search', () => {
    const search = (text: string) => bookingIds(qs({ search: text }));

    it('finds accents and case folded ("eleonore" finds "Éléonore")', async () => {
      expect(await search('eleonore')).toEqual(ids('b1'));
      expect(await search('ÉLÉO')).toEqual(ids('b1'));
      expect(await search('LEFEVRE')).toEqual(ids('b2'));
    });

    it('ORs number, number_alt, customer and passenger last names, as contains', async () => {
      expect(await search('00002')).toEqual(ids('b2'));
      expect(await search('web-0')).toEqual(ids('b1'));
      expect(await search('artin')).toEqual(ids('b1'));
      expect(await search("o'brien")).toEqual(ids('b4'));
      expect(await search('ma')).toEqual(ids('b1'));
    });

    it('looks up booking numbers by prefix after #', async () => {
      expect(await search('#2026-0000')).toEqual(ids('b1', 'b2', 'b4'));
      expect(await search('#0000')).toEqual([]);
      expect(await search('#web')).toEqual(ids('b1'));
      expect(await search('#2025')).toEqual(ids('b3'));
    });

    it('answers the paginated total of a search', async () => {
      const { body } = await api.get(`/api/bookings?${qs({ search: '2026', page: 1, per_page: 2 })}`);
      expect(body.count).toBe(3);
      expect(body.data).toHaveLength(2);
      expect(body.next).toBe(2);
    });

    it('is refused on a resource that declares no search', async () => {
      const { status, body } = await api.get('/api/roles?search=admin');
      expect(status).toBe(400);
      expect(body.message).toBe('La recherche n’est pas disponible sur cette ressource.');
    });
  });

  describe('embed, count, sum', () => {
    it('embeds nested relations', async () => {
      const { body } = await api.get(
        `/api/bookings/${id.b1}?${qs({ embed: 'passengers.flights.flight_status,referent_passenger,customer.customer_type,linked_bookings,requested_dates,location,prestation,booking_status' })}`,
      );
      expect(body.referent_passenger).toMatchObject({ id: id.eleonore, full_name: 'Anne Éléonore', is_referent: 1 });
      expect(body.customer.customer_type.slug).toBe('individual');
      expect(body.location.label).toBe('Beaune');
      expect(body.prestation.label).toBe('Vol classique');
      expect(body.booking_status.slug).toBe('pending');
      expect(body.requested_dates.map((d: { date: string }) => d.date)).toEqual(['2026-06-20']);
      expect(body.linked_bookings.map((b: { id: number }) => b.id)).toEqual([id.b2]);
      const dupont = body.passengers.find((p: { id: number }) => p.id === id.dupont);
      expect(dupont.flights.map((f: { flight_status: { slug: string } }) => f.flight_status.slug)).toEqual([
        'realized',
      ]);
      expect(body.passengers.map((p: { id: number }) => p.id)).toEqual([id.eleonore, id.dupont]);
    });

    it('reads booking links in both directions', async () => {
      const { body } = await api.get(`/api/bookings/${id.b2}?embed=linked_bookings`);
      expect(body.linked_bookings.map((b: { id: number }) => b.id)).toEqual([id.b1]);
    });

    it('answers null or [] when there is nothing to embed', async () => {
      const { body } = await api.get(`/api/bookings/${id.b3}?embed=customer,passengers,referent_passenger`);
      expect(body).toMatchObject({ customer: null, passengers: [], referent_passenger: null });
    });

    it("answers the booking page's read as the web sends it (the domain's BOOKING_PAGE_QUERY)", async () => {
      const { status, body } = await api.get(`/api/bookings/${id.b1}?${formatListQuery(BOOKING_PAGE_QUERY)}`);
      expect(status).toBe(200);
      for (const relation of BOOKING_PAGE_QUERY.embed ?? []) expect(body).toHaveProperty(relation);
      expect(body).toMatchObject({
        location: { id: id.location, label: 'Beaune' },
        prestation: { id: id.prestation, label: 'Vol classique' },
        referent_passenger: { id: id.eleonore },
        flight_schedules: [],
        passengers_count: 2,
      });
    });

    it('embeds a flight with its computed figures and its latest pinned note', async () => {
      const db = t.database.db;
      await newFlightNote(db, id.f1!, { content: 'Ancienne', is_pinned: 1, created_at: '2026-01-01T08:00:00.000Z' });
      await newFlightNote(db, id.f1!, { content: 'Récente', is_pinned: 1, created_at: '2026-01-02T08:00:00.000Z' });
      await newFlightNote(db, id.f1!, {
        content: 'Pas épinglée',
        is_pinned: 0,
        created_at: '2026-01-03T08:00:00.000Z',
      });
      const { body } = await api.get(
        `/api/flights/${id.f1}?${qs({ embed: 'pinned_note,balloon,passengers,flight_status', count: 'passengers' })}`,
      );
      expect(body.pinned_note.content).toBe('Récente');
      expect(body).toMatchObject({ passengers_count: 1, total_weight: 60, availability: 4 });
      expect(body.balloon.label).toBe('F-ABCD');
      const f2 = await api.get(`/api/flights/${id.f2}`);
      expect(f2.body).toMatchObject({ passengers_count: 2, total_weight: 150, availability: null });
    });

    it('computes booking weights and completeness from the passengers', async () => {
      const { body } = await api.get(
        `/api/bookings?${qs({ filters: `id|in|${id.b1};${id.b2};${id.b3}`, order: 'id|ASC' })}`,
      );
      expect(body.map((b: Record<string, unknown>) => [b.total_weight, b.has_total_weight, b.has_all_infos])).toEqual([
        [140, 1, 1],
        [0, 0, 0],
        [0, 0, 0],
      ]);
    });

    it('count=rel adds rel_count; only to-many relations count', async () => {
      const { body } = await api.get(`/api/bookings?${qs({ count: 'passengers,requested_dates', order: 'id|ASC' })}`);
      expect(body.map((b: Record<string, number>) => [b.passengers_count, b.requested_dates_count])).toEqual([
        [2, 1],
        [1, 0],
        [0, 0],
        [1, 0],
      ]);
      const refused = await api.get('/api/bookings?count=customer');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('« customer »');
    });

    it('sum totals the whole filtered set, not the page', async () => {
      const { body } = await api.get(
        `/api/bookings?${qs({ filters: 'booking_status.slug|=|pending', sum: 'passengers_number,total_weight', page: 1, per_page: 1 })}`,
      );
      expect(body).toMatchObject({ count: 2, sum: { passengers_number: 6, total_weight: 210 }, prev: null, next: 2 });
      expect(body.data).toHaveLength(1);
      const plain = await api.get('/api/bookings?page=1');
      expect(plain.body.sum).toBeNull();
    });

    it('refuses sum without page and sum of a non-number', async () => {
      expect((await api.get('/api/bookings?sum=passengers_number')).status).toBe(400);
      const { status, body } = await api.get('/api/bookings?sum=number&page=1');
      expect(status).toBe(400);
      expect(body.message).toContain('« number »');
    });
  });

  describe('order', () => {
    const ordered = async (order: string, resource = 'bookings') => {
      const { status, body } = await api.get(`/api/${resource}?${qs({ order })}`);
      expect(status, JSON.stringify(body)).toBe(200);
      return body.map((b: { id: number }) => b.id);
    };

    it('orders by one or several fields, bookings by id DESC by default', async () => {
      expect(await ordered('passengers_number|DESC')).toEqual([id.b4, id.b2, id.b1, id.b3]);
      expect(await ordered('booking_status_id|ASC,passengers_number|desc')).toEqual([id.b4, id.b1, id.b2, id.b3]);
      expect((await api.get('/api/bookings')).body.map((b: { id: number }) => b.id)).toEqual([
        id.b4,
        id.b3,
        id.b2,
        id.b1,
      ]);
    });

    it('orders by a field of a belongsTo relation and by a count, empty values last both ways', async () => {
      expect(await ordered('customer.last_name|ASC')).toEqual([id.b2, id.b1, id.b3, id.b4]);
      expect(await ordered('customer.last_name|DESC')).toEqual([id.b1, id.b2, id.b3, id.b4]);
      expect(await ordered('booked_at|ASC')).toEqual([id.b1, id.b4, id.b2, id.b3]);
      expect(await ordered('booked_at|DESC')).toEqual([id.b2, id.b4, id.b1, id.b3]);
      expect(await ordered('passengers_count|DESC,id|ASC')).toEqual([id.b1, id.b2, id.b4, id.b3]);
    });

    it('refuses ordering through a to-many relation or by an unknown field', async () => {
      for (const order of ['passengers.last_name|ASC', 'nope|ASC', 'customer.nope|ASC']) {
        expect((await api.get(`/api/bookings?${qs({ order })}`)).status, order).toBe(400);
      }
    });

    it('applies the default orders of the reference lists', async () => {
      const db = t.database.db;
      await db
        .insertInto('teammates')
        .values([
          { first_name: 'Zoé', last_name: 'Abel' },
          { first_name: 'Anna', last_name: 'Roux' },
          { first_name: 'Alain', last_name: 'Abel' },
        ])
        .execute();
      const teammates = (await api.get('/api/teammates')).body.map((m: { full_name: string }) => m.full_name);
      expect(teammates).toEqual(['Alain Abel', 'Zoé Abel', 'Anna Roux']);
      await db
        .insertInto('passenger_types')
        .values([{ label: 'Enfant' }, { label: 'Adulte' }])
        .execute();
      const types = (await api.get('/api/passenger-types')).body.map((p: { label: string }) => p.label);
      expect(types).toEqual(['Adulte', 'Enfant']);
      await newPrestation(db, { label: 'Baptême' });
      const labels = (await api.get('/api/prestations')).body.map((p: { label: string }) => p.label);
      expect(labels).toEqual([...labels].sort((a: string, b: string) => a.localeCompare(b)));
    });
  });

  describe('has and hasnot', () => {
    it('keeps the rows with (or without) related rows', async () => {
      expect(await bookingIds('has=passengers')).toEqual(ids('b1', 'b2', 'b4'));
      expect(await bookingIds('hasnot=passengers')).toEqual(ids('b3'));
      expect(await bookingIds('hasnot=customer')).toEqual(ids('b3', 'b4'));
      expect(await bookingIds('has=passengers.flights')).toEqual(ids('b1', 'b4'));
      expect(await bookingIds('has=linked_bookings')).toEqual(ids('b1', 'b2'));
    });
  });

  describe('paging', () => {
    it('answers {data, count, sum, prev, next}', async () => {
      const first = (await api.get('/api/bookings?page=1&per_page=3')).body;
      expect(first).toMatchObject({ count: 4, sum: null, prev: null, next: 2 });
      expect(first.data).toHaveLength(3);
      const second = (await api.get('/api/bookings?page=2&per_page=3')).body;
      expect(second).toMatchObject({ count: 4, prev: 1, next: null });
      expect(second.data.map((b: { id: number }) => b.id)).toEqual([id.b1]);
      const all = (await api.get('/api/bookings?page=1')).body;
      expect(all).toMatchObject({ count: 4, prev: null, next: null });
    });

    it('past the end: empty data, prev the last page, next null', async () => {
      const { body } = await api.get('/api/bookings?page=7&per_page=3');
      expect(body).toEqual({ data: [], count: 4, sum: null, prev: 2, next: null });
      const none = await api.get(`/api/bookings?${qs({ filters: 'number|=|none', page: 3 })}`);
      expect(none.body).toEqual({ data: [], count: 0, sum: null, prev: 1, next: null });
    });

    it('refuses per_page above 100 and pages below 1', async () => {
      for (const q of ['page=1&per_page=101', 'page=0', 'page=abc', 'page=1&per_page=0']) {
        expect((await api.get(`/api/bookings?${q}`)).status, q).toBe(400);
      }
      expect((await api.get('/api/bookings?page=1&per_page=100')).status).toBe(200);
    });
  });

  describe('errors', () => {
    const cases: [string, string][] = [
      ['filters=nope|=|1', '« nope »'],
      ['filters=nope.x|=|1', '« nope »'],
      ['filters=customer.nope|=|1', '« customer.nope »'],
      ['filters=id|~|1', '« ~ »'],
      ['embed=nope', '« nope »'],
      ['embed=passengers.nope', '« passengers.nope »'],
      ['count=nope', '« nope »'],
      ['sum=nope&page=1', '« nope »'],
      ['order=nope|ASC', '« nope »'],
      ['append=nope', '« nope »'],
      ['has=nope', '« nope »'],
      ['hasnot=nope', '« nope »'],
      ['filter=id|=|1', '« filter »'],
    ];
    it.each(cases)('%s answers 400 naming it', async (query, named) => {
      const { status, body } = await api.get(`/api/bookings?${query}`);
      expect(status).toBe(400);
      expect(body.message).toContain(named);
    });

    it('a detail read answers 404 for an unknown or non-numeric id, 400 for page', async () => {
      expect((await api.get('/api/bookings/999999')).status).toBe(404);
      expect((await api.get('/api/bookings/abc')).status).toBe(404);
      expect((await api.get(`/api/bookings/${id.b1}?page=1`)).status).toBe(400);
    });
  });

  describe('injection attempts change nothing', () => {
    const counts = async () => {
      const db = t.database.db;
      const [b, p] = await Promise.all([
        db
          .selectFrom('bookings')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('passengers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return [Number(b.n), Number(p.n)];
    };
    const attempts: Record<string, string | number>[] = [
      { filters: "number|=|x' OR '1'='1" },
      { filters: "number|=|'; DROP TABLE bookings; --" },
      { filters: "number|like|~'); DELETE FROM passengers; --~" },
      { filters: 'id|in|1;2) OR (1=1' },
      { filters: 'number;DROP TABLE bookings|=|1' },
      { filters: 'id|=|1 OR 1=1' },
      { order: 'id;DROP TABLE bookings|ASC' },
      { order: 'id|ASC; DELETE FROM bookings' },
      { embed: 'passengers);DROP TABLE bookings;--' },
      { count: 'passengers) FROM bookings; --' },
      { search: "'); DELETE FROM bookings; --" },
      { search: '" OR 1=1 --' },
      { search: "#'; DROP TABLE passengers; --" },
      { page: '1; DROP TABLE bookings' },
      { per_page: '10 OR 1=1', page: 1 },
      { has: 'passengers;--' },
    ];
    it.each(attempts.map((a) => [JSON.stringify(a), a] as const))('%s', async (_label, attempt) => {
      const before = await counts();
      const { status, body } = await api.get(`/api/bookings?${qs(attempt)}`);
      expect([200, 400]).toContain(status);
      if (status === 200) expect(Array.isArray(body) ? body : body.data).toEqual([]);
      expect(await counts()).toEqual(before);
    });
  });

  describe('computed fields and access', () => {
    it('filters and orders on computed fields', async () => {
      const available = await api.get(`/api/flights?${qs({ filters: 'availability|>=|1' })}`);
      expect(available.body.map((f: { id: number }) => f.id)).toEqual([id.f1]);
      const heavy = await api.get(`/api/bookings?${qs({ filters: 'total_weight|>|100', order: 'total_weight|DESC' })}`);
      expect(heavy.body.map((b: { id: number }) => b.id)).toEqual([id.b1]);
      const byWeight = await api.get(`/api/bookings?${qs({ order: 'total_weight|DESC,id|ASC' })}`);
      expect(byWeight.body.map((b: { id: number }) => b.id)).toEqual([id.b1, id.b4, id.b2, id.b3]);
    });

    it('flights are readable with an API key, bookings are not', async () => {
      const { token } = await createApiClient(t.database.db, 'Widget');
      const read = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect((await read('/api/flights?embed=balloon')).statusCode).toBe(200);
      expect((await read(`/api/flights/${id.f1}`)).statusCode).toBe(200);
      expect((await read('/api/bookings')).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/flights' })).statusCode).toBe(401);
    });
  });

  describe('settings and users lists', () => {
    it('filters settings by key and hides the su-only keys from others', async () => {
      const { body } = await api.get(`/api/settings?${qs({ filters: 'key|like|~planning_~' })}`);
      const keys = body.map((s: { key: string }) => s.key);
      expect(keys).toContain('planning_widgets_enabled');
      expect(keys.every((k: string) => k.includes('planning_'))).toBe(true);
      const all = (await api.get('/api/settings')).body.map((s: { key: string }) => s.key);
      expect(all).not.toContain('woocommerce_consumer_secret');
      const su = await client(t, 'su');
      expect((await su.get('/api/settings')).body.map((s: { key: string }) => s.key)).toContain(
        'woocommerce_consumer_secret',
      );
      expect((await api.get('/api/settings/1')).status).not.toBe(200);
    });

    it('never answers password_hash, and needs manage_users without su bypass', async () => {
      const { status, body } = await api.get('/api/users?embed=role');
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThan(0);
      for (const user of body) {
        expect(user).not.toHaveProperty('password_hash');
        expect(user.role.slug).toBeTruthy();
      }
      expect((await api.get('/api/users?filters=password_hash|null')).status).toBe(400);
      const operator = await client(t, 'operator');
      expect((await operator.get('/api/users')).status).toBe(403);
      const db = t.database.db;
      await db
        .deleteFrom('role_capabilities')
        .where('role_id', '=', 1)
        .where('capability_id', 'in', db.selectFrom('capabilities').select('id').where('slug', '=', 'manage_users'))
        .execute();
      const su = await client(t, 'su');
      expect((await su.get('/api/users')).status).toBe(403);
      expect((await su.get('/api/roles')).body.map((r: { slug: string }) => r.slug)).toEqual([
        'su',
        'admin',
        'operator',
      ]);
    });
  });
});
