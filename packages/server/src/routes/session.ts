import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../auth/messages.js';
import { sendPasswordLink } from '../auth/password-links.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../auth/passwords.js';
import { randomToken, SESSION_COOKIE } from '../auth/session-format.js';
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  deleteUserSessions,
  loadSession,
  sessionOf,
  setCsrfCookie,
  setSessionCookie,
} from '../auth/sessions.js';
import { loginKeys, reserveAttempt } from '../auth/throttle.js';
import { findUserToken, markTokenUsed, type UserTokenKind } from '../auth/user-tokens.js';
import { forgotSchema, loginSchema, parseBody, tokenSchema } from '../auth/validation.js';
import { ValidationError } from '../core/errors.js';
import { recordHistory, SECRET_MARKER } from '../engine/history.js';

const PUBLIC = { access: { access: 'public' } } as const;
const APP_NAME = 'Montgolfière';
/** A fresh reset link is mailed at most this often per account, whatever the number of requests. */
const RESET_MAIL_COOLDOWN_MS = 60_000;

// src/routes and dist/routes are both two levels under the package root.
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

/** `GET /csrf-cookie`, `POST /login`, `POST /logout`, `GET /api/me` and the password flows. */
export async function registerSessionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const { db, config } = ctx;
  // Mails of forgot-password are sent after the answer (so it takes the same time whether the account exists);
  // closing the app waits for them.
  const background = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...background]);
  });
  const runInBackground = (request: FastifyRequest, task: () => Promise<void>) => {
    const promise = task()
      .catch((error: unknown) => request.log.error({ err: error }, 'tâche en arrière-plan échouée'))
      .finally(() => background.delete(promise));
    background.add(promise);
  };

  /** Signs the user in on this browser: the previous session (if any) is dropped, session and CSRF token rotate. */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    const previous = sessionOf(request);
    if (previous) await deleteSession(db, previous.id);
    const { token, csrfToken } = await createSession(db, userId);
    // Every sign-in (password, first login, reset) is the user's last sign-in on the users page.
    await db.updateTable('users').set({ last_login_at: new Date().toISOString() }).where('id', '=', userId).execute();
    setSessionCookie(reply, config, token);
    setCsrfCookie(reply, config, csrfToken);
    const session = await loadSession(db, token);
    return { user: session!.user };
  };

  app.get('/csrf-cookie', { config: PUBLIC }, async (request, reply) => {
    const session = sessionOf(request);
    // Signed in: hand back the session's own token (a new one would break the other open tabs).
    setCsrfCookie(reply, config, session ? session.csrfToken : randomToken());
    if (request.cookies[SESSION_COOKIE] && !session) clearSessionCookie(reply, config);
    return reply.code(204).send();
  });

  app.post('/login', { config: PUBLIC }, async (request, reply) => {
    const { email, password } = parseBody(loginSchema, request.body);
    const attempt = await reserveAttempt(db, app.ctx.dialect, loginKeys(email, request.ip));
    if (!attempt.isAllowed) return reply.code(429).send({ message: MESSAGES.throttled(attempt.waitMinutes) });
    const user = await db
      .selectFrom('users')
      .select(['id', 'password_hash', 'is_active'])
      .where('email', '=', email)
      .executeTakeFirst();
    // A deactivated account signs in no more, and says nothing different from a wrong password.
    const isValid =
      user?.password_hash && user.is_active
        ? await verifyPassword(password, user.password_hash)
        : await verifyAgainstNothing(password);
    // A failure keeps its reservation: it is the failure's record.
    if (!user || !isValid) throw ValidationError.field('email', MESSAGES.loginFailed);
    await attempt.succeeded();
    return startSession(request, reply, user.id);
  });

  app.post('/logout', { config: PUBLIC }, async (request, reply) => {
    const session = sessionOf(request);
    if (session) await deleteSession(db, session.id);
    clearSessionCookie(reply, config);
    setCsrfCookie(reply, config, randomToken());
    return reply.code(204).send();
  });

  app.get('/api/me', async (request) => {
    const auth = request.auth;
    if (auth?.kind !== 'user') throw new Error('unreachable: /api/me requires a user session');
    const rows = await db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', ['remote_orders_import_enabled', 'planning_widgets_enabled', 'ticketing_enabled'])
      .execute();
    const isOn = (key: string) => rows.find((row) => row.key === key)?.value === '1';
    return {
      user: auth.user,
      global: { app_name: APP_NAME, version: VERSION },
      settings: {
        remoteOrdersImport: isOn('remote_orders_import_enabled'),
        planningWidgetsEnabled: isOn('planning_widgets_enabled'),
        ticketingEnabled: isOn('ticketing_enabled'),
      },
    };
  });

  app.post('/forgot-password', { config: PUBLIC }, async (request) => {
    const { email } = parseBody(forgotSchema, request.body);
    const user = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'email'])
      .where('email', '=', email)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    if (user) {
      runInBackground(request, async () => {
        const recent = await db
          .selectFrom('user_tokens')
          .select('id')
          .where('user_id', '=', user.id)
          .where('kind', '=', 'reset')
          .where('created_at', '>', new Date(Date.now() - RESET_MAIL_COOLDOWN_MS).toISOString())
          .executeTakeFirst();
        if (recent) return;
        await sendPasswordLink(ctx, user, 'reset');
      });
    }
    return { message: MESSAGES.forgotPassword };
  });

  /** Checks the link, then sets the password and signs the user out everywhere, in one transaction. */
  const applyTokenPassword = async (body: unknown, kind: UserTokenKind, invalidMessage: string) => {
    const { token, email, password } = parseBody(tokenSchema, body);
    const found = await findUserToken(db, token, kind, email);
    if (!found) throw ValidationError.field('token', invalidMessage);
    const passwordHash = await hashPassword(password);
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
  };

  app.post('/reset-password', { config: PUBLIC }, async (request) => {
    await applyTokenPassword(request.body, 'reset', MESSAGES.resetInvalid);
    return { message: MESSAGES.passwordReset };
  });

  app.post('/first-login', { config: PUBLIC }, async (request, reply) => {
    const userId = await applyTokenPassword(request.body, 'first_login', MESSAGES.firstLoginInvalid);
    return startSession(request, reply, userId);
  });
}
