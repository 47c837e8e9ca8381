import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';

export type Mail = {
  to: string;
  subject: string;
  html: string;
  text?: string;
  /**
   * Values (a password link's token) masked in the outbox copy as soon as the mail has left: the recipient has
   * them, the database need not. Without SMTP the outbox is the only copy, so they stay until sent.
   */
  secrets?: string[];
};

const SENT_SECRET = '[retiré après envoi]';
const maskSecrets = (value: string, secrets: string[]): string =>
  secrets.reduce((acc, secret) => (secret ? acc.split(secret).join(SENT_SECRET) : acc), value);

export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  close: () => void;
};

function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .trim();
}

/**
 * Every mail is written to the outbox table first (so staff can see what left, and mails survive without SMTP);
 * with SMTP_URL it is then sent and marked sent, or its error recorded.
 */
export function createMailer(config: Config, db: Kysely<DB>): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return {
    async send(mail) {
      const text = mail.text ?? htmlToText(mail.html);
      const row = await db
        .insertInto('outbox_mails')
        .values({
          recipient: mail.to,
          subject: mail.subject,
          html: mail.html,
          text,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      try {
        await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, html: mail.html, text });
        await db
          .updateTable('outbox_mails')
          .set({
            sent_at: new Date().toISOString(),
            ...(mail.secrets?.length
              ? { html: maskSecrets(mail.html, mail.secrets), text: maskSecrets(text, mail.secrets) }
              : {}),
          })
          .where('id', '=', row.id)
          .execute();
      } catch (error) {
        await db
          .updateTable('outbox_mails')
          .set({ error: String(error) })
          .where('id', '=', row.id)
          .execute();
        throw error;
      }
    },
    close() {
      transport?.close();
    },
  };
}
