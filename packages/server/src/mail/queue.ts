import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { DB, OutboxMailsTable } from '../db/schema.js';
import { literalLimit } from '../engine/sql.js';
import { startPoller } from '../services/poller.js';
import { type AttachmentSpec, parseAttachments, renderAttachments } from './attachments.js';
import { htmlToText, sanitizeEmailHtml } from './html.js';

// The outbox is the queue. A row is sent by whoever claims it first: the claim is one UPDATE that sets
// locked_until on a pending row whose lock is free (compare-and-set), so two processes (or the worker and
// Mailer.send) never both get it. Success and its email_logs row are written in one transaction; a failure
// is retried with a backoff, then the row is 'failed' after MAX_ATTEMPTS.

export type QueuedMail = {
  to: string;
  subject: string;
  /** Passes the mail allow-list when queued; the plain-text part is derived from what passed. */
  html: string;
  /** Values (a password link's token) masked in the stored copy once the mail has left. */
  secrets?: string[];
  templateSlug?: string | null;
  bookingId?: number | null;
  flightId?: number | null;
  userId?: number | null;
  attachments?: AttachmentSpec[];
};

export type OutboxRow = Selectable<OutboxMailsTable>;

export const MAX_ATTEMPTS = 10;
/** Delay before attempt n+1 after n failures: 30 s, 2 min, 10 min, 1 h, then hourly. */
const BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000];
export const backoffMs = (failures: number): number =>
  BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;
/** Longer than any SMTP exchange can take (the transport's timeouts, mailer.ts), so a live claim never expires. */
export const LOCK_MS = 5 * 60_000;
const WORKER_INTERVAL_MS = 2_000;
const BATCH = 20;

const SENT_SECRET = '[retiré après envoi]';
const maskSecrets = (value: string, secrets: string[]): string =>
  secrets.reduce((acc, secret) => (secret ? acc.split(secret).join(SENT_SECRET) : acc), value);

/** Inserts one pending row; pass the caller's transaction so the mail exists only if its change commits. */
export async function enqueueMail(
  db: Kysely<DB> | Transaction<DB>,
  mail: QueuedMail,
): Promise<{ id: number; recipient: string; status: 'pending' }> {
  const secrets = (mail.secrets ?? []).filter(Boolean);
  // Every mail, whoever built it (templates with their variables, signature, test mail): issue 26.
  const html = sanitizeEmailHtml(mail.html);
  const row = await db
    .insertInto('outbox_mails')
    .values({
      recipient: mail.to,
      subject: mail.subject,
      html,
      text: htmlToText(html),
      created_at: new Date().toISOString(),
      status: 'pending',
      attempts: 0,
      template_slug: mail.templateSlug ?? null,
      booking_id: mail.bookingId ?? null,
      flight_id: mail.flightId ?? null,
      user_id: mail.userId ?? null,
      attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
      secrets: secrets.length ? JSON.stringify(secrets) : null,
    })
    .returning(['id', 'recipient'])
    .executeTakeFirstOrThrow();
  return { id: row.id, recipient: row.recipient, status: 'pending' };
}

export type Claim = { row: OutboxRow; lockedUntil: string };

/** Claims this row if it is pending and unlocked; undefined when someone else has it (or it is done). */
export async function claimMail(db: Kysely<DB>, id: number, now = new Date()): Promise<Claim | undefined> {
  const nowIso = now.toISOString();
  const lockedUntil = new Date(now.getTime() + LOCK_MS).toISOString();
  const row = await db
    .updateTable('outbox_mails')
    .set({ locked_until: lockedUntil })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .returningAll()
    .executeTakeFirst();
  return row ? { row, lockedUntil } : undefined;
}

/** Ids of pending rows due now and not claimed, oldest first. */
export async function dueMailIds(db: Kysely<DB>, now = new Date(), limit = BATCH): Promise<number[]> {
  const nowIso = now.toISOString();
  const rows = await db
    .selectFrom('outbox_mails')
    .select('id')
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', nowIso)]))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .orderBy('id')
    .limit(literalLimit(limit))
    .execute();
  return rows.map((row) => row.id);
}

export type Sender = { transport: Transporter; from: string };

/**
 * The sender of settings/emails/global-settings (name, address, reply-to) when set; MAIL_FROM otherwise. The
 * address and name are validated one-line settings, handed to nodemailer as an object (never concatenated).
 */
async function senderSettings(
  db: Kysely<DB>,
  fallback: string,
): Promise<{ from: string | { name: string; address: string }; replyTo?: string }> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', ['mail_sender_name', 'mail_sender_email', 'mail_reply_to'])
    .execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value?.trim() || '';
  const address = value('mail_sender_email');
  const replyTo = value('mail_reply_to') || undefined;
  if (!address) return { from: fallback, ...(replyTo ? { replyTo } : {}) };
  return { from: { name: value('mail_sender_name') || address, address }, ...(replyTo ? { replyTo } : {}) };
}

/**
 * One Message-ID per outbox row, the same at every attempt. A process killed after the SMTP server accepted a mail
 * but before the row was marked sent leaves it pending; once the claim runs out another process sends it again, and
 * that copy carries the first one's id, so the receiving servers and mail programs take it for the same message
 * (the queue cannot know whether the first copy left: npm run test:cluster kills a server while mails go out).
 */
export function outboxMessageId(row: Pick<OutboxRow, 'id' | 'created_at'>, from: Sender['from']): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'localhost';
  const created = new Date(row.created_at).getTime();
  return `<outbox.${row.id}.${Number.isFinite(created) ? created : 0}@${domain}>`;
}

/** Sends a claimed row and records the outcome; true when it left. Never throws for an SMTP failure. */
export async function deliverClaimed(db: Kysely<DB>, sender: Sender, { row, lockedUntil }: Claim): Promise<boolean> {
  try {
    const attachments = await renderAttachments(db, parseAttachments(row.attachments));
    const envelope = await senderSettings(db, sender.from);
    await sender.transport.sendMail({
      from: envelope.from,
      ...(envelope.replyTo ? { replyTo: envelope.replyTo } : {}),
      to: row.recipient,
      subject: row.subject,
      html: row.html,
      text: row.text,
      attachments,
      messageId: outboxMessageId(row, sender.from),
    });
  } catch (error) {
    await recordFailure(db, row, lockedUntil, error);
    return false;
  }
  const secrets = row.secrets ? (JSON.parse(row.secrets) as string[]) : [];
  const sentAt = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('outbox_mails')
      .set({
        status: 'sent',
        sent_at: sentAt,
        attempts: row.attempts + 1,
        error: null,
        next_attempt_at: null,
        locked_until: null,
        secrets: null,
        ...(secrets.length ? { html: maskSecrets(row.html, secrets), text: maskSecrets(row.text, secrets) } : {}),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    // Already recorded (our claim ran out and another process sent it too): keep one log line.
    if (Number(updated.numUpdatedRows) === 0) return;
    const template = row.template_slug
      ? await trx.selectFrom('email_templates').select('id').where('slug', '=', row.template_slug).executeTakeFirst()
      : undefined;
    await trx
      .insertInto('email_logs')
      .values({
        email_template_id: template?.id ?? null,
        booking_id: row.booking_id,
        flight_id: row.flight_id,
        recipient: row.recipient,
        subject: row.subject,
        user_id: row.user_id,
        sent_at: sentAt,
      })
      .execute();
  });
  return true;
}

async function recordFailure(db: Kysely<DB>, row: OutboxRow, lockedUntil: string, error: unknown): Promise<void> {
  const attempts = row.attempts + 1;
  const isFinal = attempts >= MAX_ATTEMPTS;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  await db
    .updateTable('outbox_mails')
    .set({
      attempts,
      error: message,
      status: isFinal ? 'failed' : 'pending',
      next_attempt_at: isFinal ? null : new Date(Date.now() + backoffMs(attempts)).toISOString(),
      locked_until: null,
    })
    .where('id', '=', row.id)
    .where('locked_until', '=', lockedUntil)
    .execute();
}

/** Claims and sends every due row (a batch at a time); returns how many left. */
export async function deliverDue(db: Kysely<DB>, sender: Sender): Promise<number> {
  let sent = 0;
  for (;;) {
    const ids = await dueMailIds(db);
    let claimed = 0;
    for (const id of ids) {
      const claim = await claimMail(db, id);
      if (!claim) continue;
      claimed += 1;
      if (await deliverClaimed(db, sender, claim)) sent += 1;
    }
    // Nothing more due (failures moved their next_attempt_at forward), or others took the rest.
    if (ids.length < BATCH || claimed === 0) return sent;
  }
}

export type MailWorker = { stop: () => Promise<void>; tick: () => Promise<number> };

/**
 * Polls the queue every ~2 s with the app's mailer. Ticks never overlap; stop() waits for the current one.
 * Without SMTP the mailer sends nothing and rows stay pending.
 */
export function startMailWorker(app: FastifyInstance, intervalMs = WORKER_INTERVAL_MS): MailWorker {
  return startPoller(app, {
    run: () => app.ctx.mailer.deliverDue(),
    fallback: 0,
    failure: "file d'envoi des mails : échec du passage",
    intervalMs,
  });
}
