import fs from 'node:fs';
import { AUTH_MESSAGES, type Me, type SessionSettings, type SessionUser } from '@app/domain';
import type { Kysely } from 'kysely';
import { type LinkRecipient, sendPasswordLink } from '../auth/password-links.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../auth/passwords.js';
import { createSession, deleteSession, deleteUserSessions, loadSession } from '../auth/sessions.js';
import { loginKeys, reserveAttempt } from '../auth/throttle.js';
import { findUserToken, markTokenUsed, type UserTokenKind } from '../auth/user-tokens.js';
import type { AppContext } from '../core/context.js';
import { ValidationError } from '../core/errors.js';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { recordHistory, SECRET_MARKER } from '../engine/history.js';

// Signing in and out, who is signed in, and the password links (routes/session.ts validates, sets the cookies and
// answers).

const APP_NAME = 'Montgolfière';
/** A fresh reset link is mailed at most this often per account, whatever the number of requests. */
const RESET_MAIL_COOLDOWN_MS = 60_000;

// src/services and dist/services are both two levels under the package root.
const VERSION: string = (() => {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();

/** A sign-in by password: the user's id, or the minutes to wait while the attempts are spent. */
export type PasswordSignIn = { userId: number } | { waitMinutes: number };

/**
 * Checks email and password under the attempts' limit. A wrong pair is a 422 on the email; a deactivated account
 * signs in no more, and says nothing different from a wrong password.
 */
export async function checkPassword(
  db: Kysely<DB>,
  dialect: Dialect,
  credentials: { email: string; password: string },
  ip: string,
): Promise<PasswordSignIn> {
  const { email, password } = credentials;
  const attempt = await reserveAttempt(db, dialect, loginKeys(email, ip));
  if (!attempt.isAllowed) return { waitMinutes: attempt.waitMinutes };
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_active'])
    .where('email', '=', email)
    .executeTakeFirst();
  const isValid =
    user?.password_hash && user.is_active
      ? await verifyPassword(password, user.password_hash)
      : await verifyAgainstNothing(password);
  // A failure keeps its reservation: it is the failure's record.
  if (!user || !isValid) throw ValidationError.field('email', AUTH_MESSAGES.loginFailed);
  await attempt.succeeded();
  return { userId: user.id };
}

/**
 * Opens a session of the user, dropping the browser's previous one (if any): the tokens for the cookies and the
 * signed-in user. Every sign-in (password, first login, reset) is the user's last sign-in on the users page.
 */
export async function openSession(
  db: Kysely<DB>,
  userId: number,
  previousSessionId: string | undefined,
): Promise<{ token: string; csrfToken: string; user: SessionUser }> {
  if (previousSessionId) await deleteSession(db, previousSessionId);
  const { token, csrfToken } = await createSession(db, userId);
  await db.updateTable('users').set({ last_login_at: new Date().toISOString() }).where('id', '=', userId).execute();
  const session = await loadSession(db, token);
  return { token, csrfToken, user: session!.user };
}

/** GET /api/me: the user, the application's name and version, and the switches the screens read. */
export async function me(db: Kysely<DB>, user: SessionUser): Promise<Me> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', ['remote_orders_import_enabled', 'planning_widgets_enabled', 'ticketing_enabled'])
    .execute();
  const isOn = (key: string) => rows.find((row) => row.key === key)?.value === '1';
  const settings: SessionSettings = {
    remoteOrdersImport: isOn('remote_orders_import_enabled'),
    planningWidgetsEnabled: isOn('planning_widgets_enabled'),
    ticketingEnabled: isOn('ticketing_enabled'),
  };
  return { user, global: { app_name: APP_NAME, version: VERSION }, settings };
}

/** The active account of this email a reset link may be mailed to, if any. */
export const resetRecipient = (db: Kysely<DB>, email: string): Promise<LinkRecipient | undefined> =>
  db
    .selectFrom('users')
    .select(['id', 'first_name', 'email'])
    .where('email', '=', email)
    .where('is_active', '=', 1)
    .executeTakeFirst();

/** Mails a reset link, unless one left less than a minute ago. */
export async function mailResetLink(ctx: AppContext, user: LinkRecipient): Promise<void> {
  const recent = await ctx.db
    .selectFrom('user_tokens')
    .select('id')
    .where('user_id', '=', user.id)
    .where('kind', '=', 'reset')
    .where('created_at', '>', new Date(Date.now() - RESET_MAIL_COOLDOWN_MS).toISOString())
    .executeTakeFirst();
  if (recent) return;
  await sendPasswordLink(ctx, user, 'reset');
}

/** Checks the mailed link, then sets the password and signs the user out everywhere, in one transaction. */
export async function setPasswordFromLink(
  db: Kysely<DB>,
  link: { token: string; email: string; password: string },
  kind: UserTokenKind,
  invalidMessage: string,
): Promise<number> {
  const found = await findUserToken(db, link.token, kind, link.email);
  if (!found) throw ValidationError.field('token', invalidMessage);
  const passwordHash = await hashPassword(link.password);
  await db.transaction().execute(async (trx) => {
    if (!(await markTokenUsed(trx, found.id))) throw ValidationError.field('token', invalidMessage);
    // The new password voids every other pending link of the user, reset and first login alike (migration
    // 0025's trigger): a link left unused in a mailbox must not outlive the password it was meant to replace.
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where('id', '=', found.userId)
      .execute();
    await deleteUserSessions(trx, found.userId);
    // Set from a mailed link, nobody signed in: recorded as the system's, the hash never written.
    await recordHistory(trx, null, [
      {
        resource: 'users',
        recordId: found.userId,
        action: 'update',
        changes: { password_hash: [SECRET_MARKER, SECRET_MARKER] },
      },
    ]);
  });
  return found.userId;
}
