import { AUTH_MESSAGES, forgotPasswordSchema, loginSchema, passwordLinkSchema } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, SESSION_COOKIE } from '../auth/session-format.js';
import { clearSessionCookie, deleteSession, sessionOf, setCsrfCookie, setSessionCookie } from '../auth/sessions.js';
import type { UserTokenKind } from '../auth/user-tokens.js';
import { parseBody } from '../auth/validation.js';
import {
  checkPassword,
  mailResetLink,
  me,
  openSession,
  resetRecipient,
  setPasswordFromLink,
} from '../services/session.js';

const PUBLIC = { access: { access: 'public' } } as const;

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
    const { token, csrfToken, user } = await openSession(db, userId, sessionOf(request)?.id);
    setSessionCookie(reply, config, token);
    setCsrfCookie(reply, config, csrfToken);
    return { user };
  };

  app.get('/csrf-cookie', { config: PUBLIC }, async (request, reply) => {
    const session = sessionOf(request);
    // Signed in: hand back the session's own token (a new one would break the other open tabs).
    setCsrfCookie(reply, config, session ? session.csrfToken : randomToken());
    if (request.cookies[SESSION_COOKIE] && !session) clearSessionCookie(reply, config);
    return reply.code(204).send();
  });

  app.post('/login', { config: PUBLIC }, async (request, reply) => {
    const signIn = await checkPassword(db, ctx.dialect, parseBody(loginSchema, request.body), request.ip);
    if ('waitMinutes' in signIn) return reply.code(429).send({ message: AUTH_MESSAGES.throttled(signIn.waitMinutes) });
    return startSession(request, reply, signIn.userId);
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
    return me(db, auth.user);
  });

  app.post('/forgot-password', { config: PUBLIC }, async (request) => {
    const { email } = parseBody(forgotPasswordSchema, request.body);
    const user = await resetRecipient(db, email);
    if (user) runInBackground(request, () => mailResetLink(ctx, user));
    return { message: AUTH_MESSAGES.forgotPassword };
  });

  const applyTokenPassword = (body: unknown, kind: UserTokenKind, invalidMessage: string) =>
    setPasswordFromLink(db, parseBody(passwordLinkSchema, body), kind, invalidMessage);

  app.post('/reset-password', { config: PUBLIC }, async (request) => {
    await applyTokenPassword(request.body, 'reset', AUTH_MESSAGES.resetInvalid);
    return { message: AUTH_MESSAGES.passwordReset };
  });

  app.post('/first-login', { config: PUBLIC }, async (request, reply) => {
    const userId = await applyTokenPassword(request.body, 'first_login', AUTH_MESSAGES.firstLoginInvalid);
    return startSession(request, reply, userId);
  });
}
