import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { authenticateApiToken } from '../auth/api-tokens.js';
import { SESSION_COOKIE } from '../auth/session-format.js';
import { loadSession } from '../auth/sessions.js';
import type { DB } from '../db/schema.js';
import { BACKUP_JOB, LAST_BACKUP, readBackupSettings } from './backup.js';

// GET /health?deep=1 (issue 32): what an operator's monitoring watches beyond "the database answers": the mail
// queue's oldest waiting mail and the last backup's age. Not for anyone: the caller is an API key (a monitoring
// tool cannot sign in; Paramètres › Clés API) or a signed-in user who may manage the settings (administrators).

export type DeepHealth = {
  mail_queue: { waiting: number; oldest_waiting_at: string | null; oldest_waiting_age_s: number | null };
  backup: {
    last_at: string | null;
    last_age_s: number | null;
    /** The daily backup: whether a folder is set, and how its last run ended (its folder, or 'échec : ...'). */
    daily: { is_enabled: boolean; last_result: string | null };
  };
};

/** 'ok', or why the caller may not read the deep health check (401 / 403). */
export async function deepHealthAccess(
  db: Kysely<DB>,
  request: FastifyRequest,
): Promise<'ok' | 'unauthenticated' | 'forbidden'> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return (await authenticateApiToken(db, bearer)) ? 'ok' : 'unauthenticated';
  const raw = request.cookies[SESSION_COOKIE];
  const session = raw ? await loadSession(db, raw) : null;
  if (!session) return 'unauthenticated';
  const { user } = session;
  return user.role.slug === 'su' || user.capabilities.includes('manage_settings') ? 'ok' : 'forbidden';
}

const ageOf = (at: string | null, now: number): number | null =>
  at ? Math.max(0, Math.round((now - Date.parse(at)) / 1000)) : null;

export async function readDeepHealth(db: Kysely<DB>, now = Date.now()): Promise<DeepHealth> {
  const mail = await db
    .selectFrom('outbox_mails')
    .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const jobs = await db
    .selectFrom('scheduled_jobs')
    .select(['name', 'finished_at', 'result'])
    .where('name', 'in', [BACKUP_JOB, LAST_BACKUP])
    .execute();
  const last = jobs.find((j) => j.name === LAST_BACKUP)?.finished_at ?? null;
  const oldest = (mail?.oldest as string | null | undefined) ?? null;
  return {
    mail_queue: {
      waiting: Number(mail?.waiting ?? 0),
      oldest_waiting_at: oldest,
      oldest_waiting_age_s: ageOf(oldest, now),
    },
    backup: {
      last_at: last,
      last_age_s: ageOf(last, now),
      daily: {
        is_enabled: (await readBackupSettings(db)).folder !== '',
        last_result: jobs.find((j) => j.name === BACKUP_JOB)?.result ?? null,
      },
    },
  };
}
