import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';

// Issue "Harden the API", "Also seen": payloads that were accepted and should not have been.

describe(`payload hardening on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'su'));
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method, url, headers, payload });

  it('refuses control characters in one-line fields (CR/LF in a mail subject, a label, a number, a name)', async () => {
    const template = await t.database.db.selectFrom('email_templates').select('id').executeTakeFirstOrThrow();
    for (const [url, method, payload, field] of [
      [`/api/email-templates/${template.id}`, 'PUT', { subject: 'Bonjour\r\nBcc: x@evil.test' }, 'subject'],
      ['/api/payment-methods', 'POST', { label: 'Chèque\u0000' }, 'label'],
      ['/api/bookings', 'POST', { number: '2026-\n00001', passengers_number: 1 }, 'number'],
      ['/api/pilots', 'POST', { first_name: 'Jean\u001b[31m', last_name: 'Dupont' }, 'first_name'],
      ['/api/api-clients', 'POST', { name: 'Clé\rpartenaire' }, 'name'],
    ] as const) {
      const response = await call(method, url, payload);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors[field], url).toBeDefined();
    }
    // Multi-line texts keep their line breaks.
    const booking = await call('POST', '/api/bookings', { number: 'CTRL-1', passengers_number: 1 });
    const note = await call('POST', '/api/booking-notes', {
      content: 'Ligne 1\nLigne 2',
      booking_id: booking.json().id,
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().content).toBe('Ligne 1\nLigne 2');
  });

  it('refuses negative amounts and a third decimal', async () => {
    const negative = await call('POST', '/api/bookings', { number: 'AMT-1', passengers_number: 1, paid_amount: -5 });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors.paid_amount).toEqual([
      'Le montant doit être compris entre 0 et 1\u202f000\u202f000 €.',
    ]);
    const decimals = await call('POST', '/api/bookings', {
      number: 'AMT-2',
      passengers_number: 1,
      total_amount: 10.005,
    });
    expect(decimals.statusCode).toBe(422);
    expect(decimals.json().errors.total_amount).toEqual(['Deux décimales au maximum.']);
    const fine = await call('POST', '/api/bookings', { number: 'AMT-3', passengers_number: 1, total_amount: 189.9 });
    expect(fine.statusCode).toBe(201);
    expect(fine.json().total_amount).toBe(189.9);
  });

  it('answers 422 to unknown fields on the users, profile and settings writes, like every other write', async () => {
    const user = await call('POST', '/api/users', {
      first_name: 'Anne',
      last_name: 'Roy',
      email: 'anne.roy@example.test',
      role_id: 3,
    });
    expect(user.statusCode).toBe(201);
    const update = await call('PUT', `/api/users/${user.json().id}`, { first_name: 'Anne', is_admin: 1 });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors.is_admin ?? update.json().errors._).toBeDefined();
    expect(
      (await call('PUT', '/api/profile', { first_name: 'A', last_name: 'B', email: 'a@b.fr', x: 1 })).statusCode,
    ).toBe(422);
  });

  it('bounds the passenger search of a flight at 100 characters (422), never a 500', async () => {
    const response = await call('POST', '/api/search/passengers-for-flight', {
      search: 'a'.repeat(50_010),
      flight_id: 1,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.search).toEqual(['La recherche ne peut pas dépasser 100 caractères.']);
    const nul = await call('POST', '/api/search/passengers-for-flight', { search: 'ab\u0000cd', flight_id: 1 });
    expect(nul.statusCode).toBe(422);
  });
});
