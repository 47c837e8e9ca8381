import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parisYear } from '../../src/services/booking-numbers.js';
import { importOrder, type NormalizedOrder, OrderImportError, validateOrder } from '../../src/services/order-import.js';
import { createTestDatabase, engine, type TestDatabase } from '../helpers.js';

const order = (values: Partial<NormalizedOrder> = {}): NormalizedOrder => ({
  source: 'partner',
  orderId: 'SB-1001',
  origin: 'Smartbox',
  purchaseDate: '2026-05-02',
  prestation: { label: 'Vol découverte' },
  passengerCount: 2,
  amountPaid: 360,
  amountTotal: 400,
  buyer: { first_name: 'Claire', last_name: 'Martin', email: 'claire@example.fr', phone: '0601020304', town: 'Tours' },
  passengers: [
    { first_name: 'Claire', last_name: 'Martin', email: null, phone: null, weight: 62, age: 41 },
    { first_name: 'Paul', last_name: 'Martin', email: null, phone: null, weight: 80 },
  ],
  ...values,
});

describe(`order import service on ${engine}`, () => {
  let database: TestDatabase;
  let prestationId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    const row = await database.db
      .insertInto('prestations')
      .values({ label: 'Vol Découverte' })
      .returning('id')
      .executeTakeFirstOrThrow();
    prestationId = row.id;
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    await database.db.deleteFrom('remote_orders').execute();
    await database.db.deleteFrom('passengers').execute();
    await database.db.deleteFrom('bookings').execute();
    await database.db.deleteFrom('customers').execute();
  });

  const run = (o: NormalizedOrder) =>
    database.db.transaction().execute((trx) => importOrder(trx, o, { file: 'a.json' }));
  const counts = async () => ({
    bookings: (await database.db.selectFrom('bookings').select('id').execute()).length,
    customers: (await database.db.selectFrom('customers').select('id').execute()).length,
    passengers: (await database.db.selectFrom('passengers').select('id').execute()).length,
  });

  it('creates customer, pending booking with the next number, origin and passengers with the first as referent', async () => {
    const result = await run(order());
    expect(result.created).toBe(true);
    const booking = await database.db
      .selectFrom('bookings')
      .innerJoin('booking_origins', 'booking_origins.id', 'bookings.booking_origin_id')
      .innerJoin('customers', 'customers.id', 'bookings.customer_id')
      .select([
        'bookings.number',
        'bookings.booking_status_id',
        'bookings.prestation_id',
        'bookings.passengers_number',
        'bookings.booked_at',
        'bookings.paid_amount',
        'bookings.total_amount',
        'bookings.remaining_amount',
        'booking_origins.label as origin',
        'customers.last_name',
        'customers.email',
        'customers.customer_type_id',
      ])
      .where('bookings.id', '=', result.bookingId)
      .executeTakeFirstOrThrow();
    expect(booking).toMatchObject({
      booking_status_id: 1,
      prestation_id: prestationId,
      passengers_number: 2,
      booked_at: '2026-05-02',
      paid_amount: 360,
      total_amount: 400,
      remaining_amount: 40,
      origin: 'Smartbox',
      last_name: 'Martin',
      email: 'claire@example.fr',
      customer_type_id: 2,
    });
    expect(booking.number).toMatch(/^\d{4}-00001$/);
    const passengers = await database.db
      .selectFrom('passengers')
      .select(['first_name', 'is_referent', 'weight', 'ticket_number'])
      .where('booking_id', '=', result.bookingId)
      .orderBy('id')
      .execute();
    expect(passengers).toEqual([
      { first_name: 'Claire', is_referent: 1, weight: 62, ticket_number: `${booking.number}-01` },
      { first_name: 'Paul', is_referent: 0, weight: 80, ticket_number: `${booking.number}-02` },
    ]);
    const key = await database.db.selectFrom('remote_orders').selectAll().executeTakeFirstOrThrow();
    expect(key).toMatchObject({ order_id: 'SB-1001', file: 'a.json', booking_id: result.bookingId });
  });

  it('answers the existing booking on a second import of the same order, creating nothing', async () => {
    const first = await run(order());
    const before = await counts();
    const second = await run(order({ passengerCount: 3 }));
    expect(second).toEqual({ bookingId: first.bookingId, created: false });
    expect(await counts()).toEqual(before);
  });

  it('keys shop orders on the booking, apart from partner keys', async () => {
    const partner = await run(order());
    const shop = await run(order({ source: 'woocommerce', origin: 'Boutique en ligne' }));
    expect(shop.created).toBe(true);
    expect(shop.bookingId).not.toBe(partner.bookingId);
    const again = await run(order({ source: 'woocommerce', origin: 'Boutique en ligne' }));
    expect(again).toEqual({ bookingId: shop.bookingId, created: false });
    const row = await database.db
      .selectFrom('bookings')
      .select('woocommerce_order_id')
      .where('id', '=', shop.bookingId)
      .executeTakeFirstOrThrow();
    expect(row.woocommerce_order_id).toBe('SB-1001');
  });

  it('imports an order whose prestation is unknown with none, keyed once like any other (issue 27)', async () => {
    const first = await run(order({ prestation: { code: 'VOL-XYZ', label: 'Vol en hélicoptère' } }));
    expect(first.created).toBe(true);
    const again = await run(order({ prestation: { code: 'VOL-XYZ', label: 'Vol en hélicoptère' } }));
    expect(again).toEqual({ bookingId: first.bookingId, created: false });
    expect(await counts()).toEqual({ bookings: 1, customers: 1, passengers: 2 });
    const booking = await database.db
      .selectFrom('bookings')
      .select('prestation_id')
      .where('id', '=', first.bookingId)
      .executeTakeFirstOrThrow();
    expect(booking.prestation_id).toBeNull();
    const key = await database.db.selectFrom('remote_orders').selectAll().executeTakeFirstOrThrow();
    expect(key).toMatchObject({ order_id: 'SB-1001', booking_id: first.bookingId });
  });

  it('matches the shop reference (SKU) first, then the name, accents, case, spaces and dashes aside', async () => {
    const { db } = database;
    const insert = (values: { label: string; shop_sku?: string }) =>
      db
        .insertInto('prestations')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const sunset = await insert({ label: 'Vol au coucher du soleil', shop_sku: 'Vol découverte' });
    const twinA = await insert({ label: 'Vol jumeau' });
    const twinB = await insert({ label: 'VOL_JUMEAU' });
    const prestationOf = async (prestation: NormalizedOrder['prestation'], orderId: string) => {
      const { bookingId } = await run(order({ orderId, prestation }));
      return (
        await db.selectFrom('bookings').select('prestation_id').where('id', '=', bookingId).executeTakeFirstOrThrow()
      ).prestation_id;
    };
    try {
      // The SKU names another prestation's label, but it is that prestation's shop reference: the reference wins.
      expect(await prestationOf({ code: 'VOL-DECOUVERTE', label: 'Vol découverte' }, 'M-1')).toBe(sunset);
      // No reference matches: the product name, written otherwise.
      expect(await prestationOf({ code: 'XX-1', label: '  vol_DÉCOUVERTE ' }, 'M-2')).toBe(prestationId);
      // Two prestations answer to the name: ambiguous, left to staff.
      expect(await prestationOf({ code: 'XX-2', label: 'Vol-Jumeau' }, 'M-3')).toBeNull();
    } finally {
      await db.deleteFrom('remote_orders').execute();
      await db.deleteFrom('passengers').execute();
      await db.deleteFrom('bookings').execute();
      await db.deleteFrom('prestations').where('id', 'in', [sunset, twinA, twinB]).execute();
    }
  });

  it('finds the prestation by id and reuses an existing origin whatever its case', async () => {
    const a = await run(order({ prestation: { id: prestationId } }));
    const b = await run(order({ orderId: 'SB-1002', origin: 'SMARTBOX' }));
    const origins = await database.db
      .selectFrom('bookings')
      .select('booking_origin_id')
      .where('id', 'in', [a.bookingId, b.bookingId])
      .execute();
    expect(new Set(origins.map((o) => o.booking_origin_id)).size).toBe(1);
  });

  it('lists every problem in French and writes nothing', async () => {
    const bad = order({
      orderId: '',
      purchaseDate: '2026-02-30',
      passengerCount: 0,
      prestation: {},
      buyer: { first_name: 'A', last_name: null, email: 'pas-un-email', phone: null },
      passengers: [{ first_name: 'B\u0007', last_name: 'C', email: null, phone: null, weight: 900 }],
    });
    const errors = validateOrder(bad);
    expect(errors).toEqual(
      expect.arrayContaining([
        'Numéro de commande : champ obligatoire manquant.',
        "Date d'achat : date AAAA-MM-JJ attendue.",
        'Prestation : champ obligatoire manquant.',
        'Nombre de passagers : entier entre 1 et 50 attendu.',
        'Acheteur, email : adresse invalide.',
        'Acheteur, nom : champ obligatoire manquant.',
        'Passager 1, prénom : caractères de contrôle interdits.',
        'Passager 1, poids : nombre entre 1 et 300 attendu.',
      ]),
    );
    const error = await run(bad).catch((e) => e);
    expect(error).toBeInstanceOf(OrderImportError);
    expect(await counts()).toEqual({ bookings: 0, customers: 0, passengers: 0 });
  });

  it('makes the buyer the referent when no passenger is named', async () => {
    const result = await run(order({ passengers: [] }));
    const passengers = await database.db
      .selectFrom('passengers')
      .select(['last_name', 'is_referent'])
      .where('booking_id', '=', result.bookingId)
      .execute();
    expect(passengers).toEqual([{ last_name: 'Martin', is_referent: 1 }]);
  });

  it('numbers many orders of one transaction in sequence', async () => {
    const ids = await database.db.transaction().execute(async (trx) => {
      const out: number[] = [];
      for (let i = 0; i < 5; i++) out.push((await importOrder(trx, order({ orderId: `N-${i}` }))).bookingId);
      return out;
    });
    const numbers = await database.db.selectFrom('bookings').select('number').where('id', 'in', ids).execute();
    expect(new Set(numbers.map((n) => n.number)).size).toBe(5);
  });

  it('creates one booking when two imports of the same order run at once', async () => {
    const results = await Promise.allSettled([run(order()), run(order())]);
    const ok = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    expect(ok.length).toBe(2);
    expect(new Set(ok.map((r) => r.bookingId)).size).toBe(1);
    expect((await counts()).bookings).toBe(1);
  });

  it('takes the next number when staff save the one it read while it runs (another process, PostgreSQL)', async () => {
    const first = `${parisYear()}-00001`;
    let imported: Promise<Awaited<ReturnType<typeof run>>> | undefined;
    // Staff's booking is written but not committed when the import reads the numbers (PostgreSQL: the import
    // proposes the same one and its insert waits on the unique index; SQLite: the import waits for the commit).
    await database.db.transaction().execute(async (staff) => {
      await staff
        .insertInto('bookings')
        .values({ number: first, passengers_number: 1, booking_status_id: 1 })
        .execute();
      imported = run(order());
      await delay(500);
    });
    const result = await imported!;
    expect(result.created).toBe(true);
    const booking = await database.db
      .selectFrom('bookings')
      .select('number')
      .where('id', '=', result.bookingId)
      .executeTakeFirstOrThrow();
    expect(booking.number).toBe(`${parisYear()}-00002`);
    const tickets = await database.db
      .selectFrom('passengers')
      .select('ticket_number')
      .where('booking_id', '=', result.bookingId)
      .orderBy('ticket_number')
      .execute();
    expect(tickets.map((t) => t.ticket_number)).toEqual([`${parisYear()}-00002-01`, `${parisYear()}-00002-02`]);
    expect(await database.db.selectFrom('remote_orders').select('order_id').execute()).toEqual([
      { order_id: 'SB-1001' },
    ]);
  }, 20_000);
});
