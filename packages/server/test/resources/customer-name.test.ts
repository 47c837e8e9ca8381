import { CUSTOMER_TYPES, customerDisplayName } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { newBooking } from '../services/builders.js';

// One name for a customer: the screens name them with the domain's customerDisplayName, the API's
// customers.full_name (and so the CSV's 'Client' column) computes it in SQL. A new operator found an association's
// booking named after the association on screen and after a person in the CSV.

describe(`a customer's display name, the same in SQL and in the domain, on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  const names = [
    { first_name: 'Jeanne', last_name: 'Martin', company_name: 'Les Amis du Ciel' },
    { first_name: null, last_name: 'Martin', company_name: null },
    { first_name: ' Jeanne ', last_name: null, company_name: '  ' },
    { first_name: null, last_name: null, company_name: ' Ballons & Cie ' },
    { first_name: null, last_name: null, company_name: null },
  ];

  it('answers customers.full_name as customerDisplayName names them, for every type and every mix of names', async () => {
    const { db } = t.database;
    for (const type of Object.values(CUSTOMER_TYPES)) {
      for (const name of names) {
        const row = await db
          .insertInto('customers')
          .values({ customer_type_id: type.id, ...name })
          .returning('id')
          .executeTakeFirstOrThrow();
        const response = await t.app.inject({ method: 'GET', url: `/api/customers/${row.id}`, headers });
        expect(response.statusCode).toBe(200);
        const expected = customerDisplayName({ customer_type_id: type.id, ...name });
        expect(response.json().full_name ?? '', JSON.stringify({ type: type.id, ...name })).toBe(expected);
      }
    }
  });

  it("puts an association's name in the CSV's 'Client' column, as the screen shows it", async () => {
    const { db } = t.database;
    const customer = await db
      .insertInto('customers')
      .values({
        customer_type_id: CUSTOMER_TYPES.association.id,
        first_name: 'Paul',
        last_name: 'Durand',
        company_name: 'Club Aérostatique de Beaune',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const booking = await newBooking(db, { customer_id: customer.id });
    const columns = encodeURIComponent(JSON.stringify([['Client', 'customer.full_name']]));
    const filters = encodeURIComponent(`id|=|${booking}`);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/bookings?format=csv&filters=${filters}&columns=${columns}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(
      response.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 2),
    ).toEqual(['Client', 'Club Aérostatique de Beaune']);
  });

  it("names the customer in mails as the screen does ({{customer.full_name}} of an association's booking)", async () => {
    const { db } = t.database;
    await db
      .updateTable('email_templates')
      .set({ body: '<p>Client : {{customer.full_name}}</p>' })
      .where('slug', '=', 'booking-confirmation')
      .execute();
    const customer = await db
      .insertInto('customers')
      .values({
        customer_type_id: CUSTOMER_TYPES.association.id,
        first_name: 'Paul',
        last_name: 'Durand',
        company_name: 'Club Aérostatique de Beaune',
        email: 'club@example.test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const booking = await newBooking(db, { customer_id: customer.id });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking}/emails`,
      headers,
      payload: { template: 'booking-confirmation' },
    });
    expect(response.statusCode, response.body).toBe(202);
    const mail = await db
      .selectFrom('outbox_mails')
      .select('html')
      .where('booking_id', '=', booking)
      .executeTakeFirstOrThrow();
    expect(mail.html).toContain('Client : Club Aérostatique de Beaune');
  });
});
