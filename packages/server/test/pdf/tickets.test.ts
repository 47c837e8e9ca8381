import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_OPERATOR, sampleTicketSheet, validityEnd } from '../../src/pdf/ticket-data.js';
import { renderTicketSheet } from '../../src/pdf/tickets.js';
import { apiToken } from '../auth/support.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { newBooking, newPassenger } from '../services/builders.js';
import { readPdf } from './pdf-text.js';

// Issue 8 tickets: GET /api/bookings/{id}/tickets.pdf and /api/passengers/{id}/ticket.pdf answer real PDFs whose text
// holds the passenger (accents included), the numbers, the prestation and the validity, in the layout of the
// prestation's ticket template. The text is read back with pdfjs, as a PDF reader would.

const pdfText = async (buffer: Buffer) => (await readPdf(buffer)).text;
const pageCount = async (buffer: Buffer) => (await readPdf(buffer)).pages;

describe(`ticket PDFs on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let bookingId: number;
  let referentId: number;
  let giftTemplate: number;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
    const { db } = t.database;
    const template = await db
      .insertInto('ticket_templates')
      .values({ label: 'Bon cadeau doré', template_base: 'gift' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const prestation = await db
      .insertInto('prestations')
      .values({ label: 'Vol privatif – été', is_default: 0, ticket_template_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('settings').set({ value: 'Ballons de Bourgogne' }).where('key', '=', 'company_name').execute();
    bookingId = await newBooking(db, { number: '2026-00077', booked_at: '2026-05-14', prestation_id: prestation.id });
    referentId = await newPassenger(db, bookingId, {
      first_name: 'Éléonore',
      last_name: 'Lefèvre',
      ticket_number: '2026-00077-01',
      is_referent: 1,
    });
    await newPassenger(db, bookingId, { first_name: 'Noël', last_name: 'Çelik', ticket_number: '2026-00077-02' });
    giftTemplate = template.id;
  });
  afterAll(() => t.close());

  const get = (url: string, extra: Record<string, string> = headers) =>
    t.app.inject({ method: 'GET', url, headers: extra });

  it('answers the whole booking as one PDF holding every passenger, numbers, prestation and validity', async () => {
    const response = await get(`/api/bookings/${bookingId}/tickets.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="billets-2026-00077.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    // The app frames its own PDFs (tickets tab), nobody else may.
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Éléonore Lefèvre',
      'Noël Çelik',
      '2026-00077-01',
      '2026-00077-02',
      '2026-00077',
      'Vol privatif – été',
      'Ballons de Bourgogne',
      "Valable jusqu'au 13 mai 2027",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('answers one passenger ticket alone', async () => {
    const response = await get(`/api/passengers/${referentId}/ticket.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('inline; filename="billet-2026-00077-01.pdf"');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Éléonore Lefèvre');
    expect(text).not.toContain('Noël');
  });

  it('draws the layout of the prestation ticket template: a gift voucher page per passenger', async () => {
    const { db } = t.database;
    const booking = await db
      .selectFrom('bookings')
      .select('prestation_id')
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    const classic = await get(`/api/bookings/${bookingId}/tickets.pdf`);
    expect(await pageCount(classic.rawPayload)).toBe(1);
    await db
      .updateTable('prestations')
      .set({ ticket_template_id: giftTemplate })
      .where('id', '=', booking.prestation_id as number)
      .execute();
    const gift = await get(`/api/bookings/${bookingId}/tickets.pdf`);
    expect(await pageCount(gift.rawPayload)).toBe(2);
    const text = await pdfText(gift.rawPayload);
    expect(text).toContain('Bon cadeau');
    expect(text).toContain('Noël Çelik');
  });

  it('says so on a booking without passengers, and prints € and accents in every base', async () => {
    const empty = await newBooking(t.database.db, { number: 'VIDE-1' });
    const response = await get(`/api/bookings/${empty}/tickets.pdf`);
    expect(response.statusCode).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain('Aucun passager sur cette réservation.');
    for (const base of ['classic', 'gift', 'minimal']) {
      const sheet = sampleTicketSheet(base, { ...SAMPLE_OPERATOR, name: 'Ciel & Été — 120 €' });
      const text = await pdfText(await renderTicketSheet(sheet));
      // The gift voucher spaces and capitalizes the operator's name: compare letters only.
      expect(text.replace(/ /g, '').toLowerCase(), base).toContain('ciel&été—120€');
      expect(text, base).toContain('Éléonore Lefèvre');
      // Every layout names the alternative number and the validity, the gift voucher as a label (capitals).
      expect(text, base).toContain('CADEAU-7731');
      expect(text.toLowerCase(), base).toContain("valable jusqu'au");
    }
  });

  it("prints the operator's name, address, phone, email and website on every layout, and in the preview", async () => {
    const { db } = t.database;
    const { headers: admin } = await signIn(t, 'admin');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: {
        settings: {
          company_address: ' 12 rue des Tanneurs \r\n\r\n 21200 Beaune ',
          company_phone: '03 80 22 45 67',
          company_email: 'contact@ballons-bourgogne.fr',
          company_website: 'https://www.ballons-bourgogne.fr/',
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    const details = [
      'Ballons de Bourgogne',
      '12 rue des Tanneurs',
      '21200 Beaune',
      '03 80 22 45 67',
      'contact@ballons-bourgogne.fr',
      'www.ballons-bourgogne.fr',
    ];
    for (const base of ['classic', 'gift', 'minimal'] as const) {
      const template = await db
        .insertInto('ticket_templates')
        .values({ label: `Modèle ${base}`, template_base: base })
        .returning('id')
        .executeTakeFirstOrThrow();
      const prestation = await db
        .insertInto('prestations')
        .values({ label: `Vol ${base}`, is_default: 0, ticket_template_id: template.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const booking = await newBooking(db, { number: `COORD-${base}`, prestation_id: prestation.id });
      await newPassenger(db, booking, { first_name: 'Inès', last_name: 'Roux', ticket_number: `COORD-${base}-01` });
      // The gift voucher spaces and capitalizes the operator's name: compare letters only.
      const letters = (text: string) => text.replace(/ /g, '').toLowerCase();
      const text = letters(await pdfText((await get(`/api/bookings/${booking}/tickets.pdf`)).rawPayload));
      for (const expected of details) expect(text, `${base}: ${expected}`).toContain(letters(expected));
      expect(text, base).not.toContain('https');
      const preview = letters(
        await pdfText((await get(`/api/ticket-templates/${template.id}/preview.pdf`, admin)).rawPayload),
      );
      for (const expected of details) expect(preview, `preview ${base}: ${expected}`).toContain(letters(expected));
      // The preview shows the operator's own details, not sample ones.
      expect(preview, base).not.toContain(letters(SAMPLE_OPERATOR.phone as string));
    }
  });

  it('refuses anonymous callers (401), API keys (403), unknown and non-digit ids (404)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}/tickets.pdf` });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await apiToken(t);
    const bearer = await get(`/api/passengers/${referentId}/ticket.pdf`, { authorization: `Bearer ${token}` });
    expect(bearer.statusCode).toBe(403);
    for (const url of [
      '/api/bookings/999999/tickets.pdf',
      '/api/passengers/999999/ticket.pdf',
      '/api/bookings/abc/tickets.pdf',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('Élément introuvable.');
    }
  });

  it('computes the validity as twelve months after purchase, the day before', () => {
    expect(validityEnd('2026-05-14')).toBe('2027-05-13');
    expect(validityEnd('2024-02-29')).toBe('2025-02-28');
    expect(validityEnd(null)).toBeNull();
  });

  it('previews a ticket template on sample data for those who manage templates (403 for the others)', async () => {
    const { headers: su } = await signIn(t, 'su');
    const template = await t.database.db
      .insertInto('ticket_templates')
      .values({ label: 'Épuré', template_base: 'minimal' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await get(`/api/ticket-templates/${template.id}/preview.pdf`, su);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Éléonore Lefèvre');
    expect(text.replace(/ /g, '').toLowerCase()).toContain('ballonsdebourgogne');
    expect((await get(`/api/ticket-templates/${template.id}/preview.pdf`)).statusCode).toBe(403);
    expect((await get('/api/ticket-templates/999999/preview.pdf', su)).statusCode).toBe(404);
  });
});
