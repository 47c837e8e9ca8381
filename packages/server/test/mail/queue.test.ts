import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { backoffMs, claimMail, enqueueMail, MAX_ATTEMPTS } from '../../src/mail/queue.js';
import { startSmtp } from '../auth/support.js';
import { createTestDatabase, engine, type TestDatabase, testConfig } from '../helpers.js';
import { type FlakySmtp, startFlakySmtp } from './support.js';

// The outbox as a queue (mail/queue.ts): a row leaves exactly once however many processes race for it, a failing
// SMTP never makes Mailer.send throw, the row is retried after its backoff and given up after 10 attempts.

describe(`mail queue on ${engine}`, () => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let flaky: FlakySmtp;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    smtp = await startSmtp();
    flaky = await startFlakySmtp();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.destroy();
    await smtp.close();
    await flaky.close();
  });

  /** Another process on the same database (the worker off unless asked: tests drive deliverDue). */
  const appWith = async (smtpUrl: string | undefined, mailWorker = false) => {
    const app = await buildApp({ config: testConfig({ smtpUrl }), database, mailWorker });
    await app.ready();
    apps.push(app);
    return app;
  };
  const row = (id: number) =>
    database.db.selectFrom('outbox_mails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const makeDue = (id: number) =>
    database.db
      .updateTable('outbox_mails')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
  const mail = (to: string, extra: Record<string, unknown> = {}) => ({
    to,
    subject: 'Sujet',
    html: '<p>Bonjour</p>',
    ...extra,
  });
  const countTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to)).length;

  it('claims a row for one caller only', async () => {
    const { id } = await enqueueMail(database.db, mail('claim@example.test'));
    const claims = await Promise.all([
      claimMail(database.db, id),
      claimMail(database.db, id),
      claimMail(database.db, id),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Once claimed, nobody else gets it until the lock runs out.
    expect(await claimMail(database.db, id)).toBeUndefined();
    expect(await claimMail(database.db, id, new Date(Date.now() + 6 * 60_000))).toBeDefined();
    await database.db.updateTable('outbox_mails').set({ status: 'failed' }).where('id', '=', id).execute();
  });

  it('sends each row exactly once when two app instances deliver the same queue at the same time', async () => {
    const [a, b] = [await appWith(smtp.smtpUrl), await appWith(smtp.smtpUrl)];
    const recipients = Array.from({ length: 6 }, (_, i) => `race-${i}@example.test`);
    const ids: number[] = [];
    for (const to of recipients) ids.push((await enqueueMail(database.db, mail(to))).id);
    const sent = await Promise.all([
      a.ctx.mailer.deliverDue(),
      b.ctx.mailer.deliverDue(),
      a.ctx.mailer.deliverDue(),
      b.ctx.mailer.deliverDue(),
    ]);
    expect(sent.reduce((x, y) => x + y, 0)).toBe(recipients.length);
    for (const to of recipients) expect(countTo(to)).toBe(1);
    for (const id of ids) {
      const stored = await row(id);
      expect(stored).toMatchObject({ status: 'sent', attempts: 1, error: null, locked_until: null });
      expect(stored.sent_at).not.toBeNull();
    }
    const logs = await database.db
      .selectFrom('email_logs')
      .select('recipient')
      .where('recipient', 'in', recipients)
      .execute();
    expect(logs).toHaveLength(recipients.length);

    // Mailer.send (which delivers its row at once) racing another process's tick: still one mail.
    const to = 'race-send@example.test';
    const [result] = await Promise.all([a.ctx.mailer.send(mail(to)), b.ctx.mailer.deliverDue()]);
    await b.ctx.mailer.deliverDue();
    expect(countTo(to)).toBe(1);
    expect((await row(result.id)).status).toBe('sent');
  });

  it('the worker started by buildApp sends queued rows within seconds, and stops with the app', async () => {
    const app = await appWith(smtp.smtpUrl, true);
    const to = 'worker@example.test';
    const caught = smtp.nextMail(to, 8000);
    const { id } = await enqueueMail(database.db, mail(to));
    await caught;
    await app.close();
    apps.splice(apps.indexOf(app), 1);
    expect((await row(id)).status).toBe('sent');
  });

  it('sends from the sender of the email settings, with their reply-to, once they are set', async () => {
    const app = await appWith(smtp.smtpUrl);
    const settings = {
      mail_sender_name: 'Ballons de Bourgogne',
      mail_sender_email: 'resa@ballons.test',
      mail_reply_to: 'contact@ballons.test',
    };
    for (const [key, value] of Object.entries(settings)) {
      await database.db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }
    const to = 'sender@example.test';
    const caught = smtp.nextMail(to, 8000);
    await app.ctx.mailer.send(mail(to));
    const received = await caught;
    expect(received.raw).toMatch(/^From: "?Ballons de Bourgogne"? <resa@ballons\.test>/m);
    expect(received.raw).toMatch(/^Reply-To: contact@ballons\.test/m);
    await database.db.deleteFrom('settings').where('key', 'in', Object.keys(settings)).execute();
  });

  it('without SMTP_URL sends nothing: rows stay pending', async () => {
    const app = await appWith(undefined);
    const result = await app.ctx.mailer.send(mail('no-smtp@example.test'));
    expect(result.sent).toBe(false);
    expect(await app.ctx.mailer.deliverDue()).toBe(0);
    expect(await row(result.id)).toMatchObject({ status: 'pending', attempts: 0, sent_at: null, locked_until: null });
    await database.db.updateTable('outbox_mails').set({ status: 'failed' }).where('id', '=', result.id).execute();
  });

  it('SMTP down, then up: send does not throw, the row is retried after its backoff and sent once', async () => {
    const app = await appWith(flaky.smtpUrl);
    flaky.setDown(true);
    const before = Date.now();
    const result = await app.ctx.mailer.send(
      mail('retry@example.test', { html: '<p>Lien : tok-123456</p>', secrets: ['tok-123456'] }),
    );
    expect(result.sent).toBe(false);
    let stored = await row(result.id);
    expect(stored).toMatchObject({ status: 'pending', attempts: 1, sent_at: null, locked_until: null });
    expect(stored.error).toMatch(/451|indisponible/);
    const next = new Date(stored.next_attempt_at!).getTime();
    expect(next - before).toBeGreaterThanOrEqual(29_000);
    expect(next - Date.now()).toBeLessThanOrEqual(30_000);
    // Unsent, the stored copy still holds the token: it is the only copy.
    expect(stored.html).toContain('tok-123456');

    flaky.setDown(false);
    expect(await app.ctx.mailer.deliverDue()).toBe(0); // not due yet
    expect(flaky.raws).toHaveLength(0);
    await makeDue(result.id);
    expect(await app.ctx.mailer.deliverDue()).toBe(1);
    expect(await app.ctx.mailer.deliverDue()).toBe(0);
    expect(flaky.raws).toHaveLength(1);
    expect(flaky.raws[0]).toContain('tok-123456');
    stored = await row(result.id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 2, error: null, next_attempt_at: null, secrets: null });
    expect(stored.html).not.toContain('tok-123456');
    expect(stored.html).toContain('[retiré après envoi]');
  });

  it('an unreachable SMTP server does not make send throw either', async () => {
    const app = await appWith('smtp://127.0.0.1:1');
    const result = await app.ctx.mailer.send(mail('refused@example.test'));
    expect(result.sent).toBe(false);
    expect(await row(result.id)).toMatchObject({ status: 'pending', attempts: 1 });
    await database.db.updateTable('outbox_mails').set({ status: 'failed' }).where('id', '=', result.id).execute();
  });

  it('backs off 30 s, 2 min, 10 min, 1 h, then hourly, and gives up after 10 attempts', async () => {
    expect([1, 2, 3, 4, 5, 9].map(backoffMs)).toEqual([30_000, 120_000, 600_000, 3_600_000, 3_600_000, 3_600_000]);
    const app = await appWith(flaky.smtpUrl);
    const { id } = await enqueueMail(database.db, mail('give-up@example.test'));
    await database.db
      .updateTable('outbox_mails')
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where('id', '=', id)
      .execute();
    flaky.setDown(true);
    try {
      expect(await app.ctx.mailer.deliverDue()).toBe(0);
    } finally {
      flaky.setDown(false);
    }
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null });
    await makeDue(id);
    expect(await app.ctx.mailer.deliverDue()).toBe(0);
    expect(flaky.raws.join('\n')).not.toContain('give-up@example.test');
  });

  it('a mail sent again because its process died before recording it keeps its Message-ID', async () => {
    const app = await appWith(flaky.smtpUrl);
    const first = await enqueueMail(database.db, mail('resent@example.test'));
    await enqueueMail(database.db, mail('not-resent@example.test'));
    await app.ctx.mailer.deliverDue();
    // What a kill -9 between the SMTP server's acceptance and the row's update leaves: the row pending, its claim
    // run out. The next pass sends it again.
    await database.db
      .updateTable('outbox_mails')
      .set({ status: 'pending', sent_at: null, locked_until: null })
      .where('id', '=', first.id)
      .execute();
    await app.ctx.mailer.deliverDue();
    const messageIds = (to: string) =>
      flaky.raws.filter((raw) => raw.includes(`To: ${to}`)).map((raw) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1]);
    const resent = messageIds('resent@example.test');
    const other = messageIds('not-resent@example.test');
    expect(resent).toHaveLength(2);
    expect(resent[0]).toMatch(/^<outbox\.\d+\.\d+@[^>]+>$/);
    expect(resent[1]).toBe(resent[0]);
    expect(other).toHaveLength(1);
    expect(other[0]).not.toBe(resent[0]);
  });
});
