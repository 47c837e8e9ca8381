import { CUSTOMER_TYPES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBooking, newCustomer } from '../builders.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';

// Issue 27: staff pick an existing customer in the booking's customer dialog instead of duplicating one. The dialog
// searches customers by name, email, company and phone; a phone is stored as typed ('06 12 34 56 78') and staff
// type it their way ('0612345678', '06.12.34'), so the phone is compared on its digits.

describe(`customer search for the booking's customer dialog, on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
    const { db } = t.database;
    ids.martin = await newCustomer(db, { last_name: 'Martin', first_name: 'Claire', phone: '06 12 34 56 78' });
    ids.club = await newCustomer(db, {
      customer_type_id: CUSTOMER_TYPES.association.id,
      company_name: 'Club Aérostatique',
      first_name: null,
      last_name: null,
      phone: '+33 6 98 76 54 32',
      email: 'contact@club.example',
    });
    ids.durand = await newCustomer(db, { last_name: 'Durand', first_name: 'Paul', phone: '04.78.12.34.56' });
    ids.nophone = await newCustomer(db, { last_name: 'Sans-Téléphone', first_name: 'Léa', phone: null });
    await newBooking(t.database.db, { customer_id: ids.martin });
    await newBooking(t.database.db, { customer_id: ids.martin });
  });
  afterAll(() => t.close());

  const search = async (text: string, extra = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/customers?search=${encodeURIComponent(text)}&page=1&per_page=10${extra}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: { id: number; bookings_count?: number }[]; count: number };
  };
  const found = async (text: string) => (await search(text)).data.map((row) => row.id).sort((a, b) => a - b);

  it('finds a phone typed without spaces, with dots, with dashes or in part', async () => {
    expect(await found('0612345678')).toEqual([ids.martin]);
    expect(await found('06.12.34')).toEqual([ids.martin]);
    expect(await found('06-12-34-56-78')).toEqual([ids.martin]);
    expect(await found('34 56 78')).toEqual([ids.martin]);
    expect(await found('0478123456')).toEqual([ids.durand]);
    expect(await found('04 78 12')).toEqual([ids.durand]);
    expect(await found('+33 6 98')).toEqual([ids.club]);
    expect(await found('98765432')).toEqual([ids.club]);
  });

  it('finds nothing for digits no phone holds, nor for separators alone', async () => {
    expect(await found('0699999999')).toEqual([]);
    expect(await found('...')).toEqual([]);
    expect(await found('- -')).toEqual([]);
  });

  it('still finds by name, company and email, with the bookings counted', async () => {
    expect(await found('martin')).toEqual([ids.martin]);
    expect(await found('aerostatique')).toEqual([ids.club]);
    expect(await found('club.example')).toEqual([ids.club]);
    const { data } = await search('0612', '&count=bookings&embed=customer_type');
    expect(data).toEqual([expect.objectContaining({ id: ids.martin, bookings_count: 2 })]);
  });

  it('binds the typed phone as a value', async () => {
    expect(await found("06'); DELETE FROM customers; --")).toEqual([]);
    expect(await found('%')).toEqual([]);
    expect(await found('06_12')).toEqual([]);
    expect(await found('0612345678')).toEqual([ids.martin]);
  });

  it('refuses to associate a customer that does not exist, in French, and changes nothing', async () => {
    const booking = await newBooking(t.database.db, { customer_id: ids.durand });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${booking}`,
      headers,
      payload: { customer_id: 999_999 },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ customer_id: ['La valeur sélectionnée n’existe pas.'] });
    const row = await t.database.db
      .selectFrom('bookings')
      .select('customer_id')
      .where('id', '=', booking)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(ids.durand);
  });
});
