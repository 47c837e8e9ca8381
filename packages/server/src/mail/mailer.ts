import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type nodemailerType from 'nodemailer';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import { claimMail, deliverClaimed, deliverDue, enqueueMail, type QueuedMail } from './queue.js';

export type Mail = QueuedMail;

export type Mailer = {
  /**
   * Queues the mail, then tries to send that row at once (claimed like the worker would). Never throws for an
   * SMTP failure: the row stays pending and the worker retries it. Resolves once the attempt is over.
   */
  send: (mail: Mail) => Promise<{ id: number; sent: boolean }>;
  /** Sends every due row of the queue (the worker's tick); 0 without SMTP. */
  deliverDue: () => Promise<number>;
  close: () => void;
};

declare module '../core/context.js' {
  interface AppContext {
    mailer: Mailer;
  }
}

/**
 * Every mail is a row of outbox_mails (so staff see what left, and mails survive a missing or failing SMTP);
 * with SMTP_URL rows are sent, by Mailer.send at once or by the worker (queue.ts) later.
 */
// Loaded only when an SMTP server is configured: not a cost of every start.
const requireModule = createRequire(import.meta.url);
const loadNodemailer = (): typeof nodemailerType => requireModule('nodemailer') as typeof nodemailerType;

export function createMailer(config: Config, db: Kysely<DB>): Mailer {
  // Bounded timeouts: a claim (queue.ts LOCK_MS, 5 min) must outlive any attempt, or another process could resend.
  const transport = config.smtpUrl
    ? loadNodemailer().createTransport({
        url: config.smtpUrl,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      })
    : null;
  const sender = transport ? { transport, from: config.mailFrom } : null;
  return {
    async send(mail) {
      const { id } = await enqueueMail(db, mail);
      if (!sender) return { id, sent: false };
      const claim = await claimMail(db, id);
      // Already claimed by a worker: it sends it.
      if (!claim) return { id, sent: false };
      return { id, sent: await deliverClaimed(db, sender, claim) };
    },
    deliverDue: async () => (sender ? deliverDue(db, sender) : 0),
    close() {
      transport?.close();
    },
  };
}
