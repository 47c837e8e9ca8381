import crypto from 'node:crypto';
import { AUTH_MESSAGES } from '@app/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authenticateApiToken } from './api-tokens.js';
import { maintenanceFlag } from './maintenance.js';
import { assertCoherent, checkAccess, type Policy, resolvePolicy } from './policy.js';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './session-format.js';
import { attachSession, clearSessionCookie, type LoadedSession, loadSession, touchSession } from './sessions.js';

export type AccessEntry = { method: string; url: string; policy: Policy };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the auth plugin, with its resolved policy (tests enumerate it). */
    accessTable: AccessEntry[];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Body size a public route (sign-in, password links, first login, the public widget's requests...) reads: its
 * largest real body is a few hundred bytes, and anyone may send one. Over it, Fastify answers 413 from the length
 * header, before reading or parsing anything (issue 26); signed-in routes keep the app's 5 MB.
 */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

const deny = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ message });

/**
 * Who is calling (session cookie or API token) and may they (CSRF, route access policy, maintenance): hooks only,
 * no route (signing in, /api/me, password flows, users... are in routes/, see registerAccountRoutes).
 * Called by app.ts before any route, so its onRoute hook sees (and checks) every later route, and its
 * onRequest hook guards every request, the 404 handler included.
 */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  const maintenance = maintenanceFlag(db);
  const accessTable: AccessEntry[] = [];
  app.decorate('accessTable', accessTable);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    assertCoherent(route.url, access);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      accessTable.push({ method, url: route.url, policy: resolvePolicy(route.url, method, access) });
    // Set here, from the same policy, so that no public route can be added without it.
    if (methods.some((method) => resolvePolicy(route.url, method, access).kind === 'public')) {
      route.bodyLimit = Math.min(route.bodyLimit ?? PUBLIC_BODY_LIMIT, PUBLIC_BODY_LIMIT);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const path = request.routeOptions.url ?? request.url.split('?', 1)[0]!;
    const policy = resolvePolicy(path, request.method, request.routeOptions.config?.access);
    // The web app's own files need neither session nor database: no query for them, even in maintenance.
    if (!policy.isApi) return;
    if (path !== '/health' && (await maintenance.isOn())) return deny(reply, 503, AUTH_MESSAGES.maintenance);
    // A write to no route outside /api: the not-found answer at once. The not-found handler has no route to take the
    // public body limit from, and would read up to the app's 5 MB for anyone.
    if (request.is404 && policy.kind === 'public' && !SAFE_METHODS.has(request.method)) {
      return deny(reply, 404, 'Ressource introuvable.');
    }
    // Nobody's session, nothing to forge: the route is rate-limited and answers the same to everyone.
    if (policy.isAnonymous) return;

    // A bearer token (API client) is checked on non-public routes only, and is exempt from CSRF: a browser never
    // attaches it by itself, so a forged cross-site request cannot carry it.
    const bearer = bearerToken(request.headers.authorization);
    if (bearer !== null && policy.kind !== 'public') {
      const client = await authenticateApiToken(db, bearer);
      if (!client) return deny(reply, 401, AUTH_MESSAGES.unauthenticated);
      request.auth = { kind: 'api-client', clientId: client.id, name: client.name };
      const denial = checkAccess(policy, request.auth);
      if (denial) return deny(reply, denial.status, denial.message);
      return;
    }

    const rawSession = request.cookies[SESSION_COOKIE];
    let session: LoadedSession | null = null;
    if (rawSession) {
      session = await loadSession(db, rawSession);
      if (session) {
        attachSession(request, session);
        request.auth = { kind: 'user', user: session.user, sessionId: session.id };
      }
    }
    const isStale = Boolean(rawSession) && !session;

    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      const cookie = request.cookies[CSRF_COOKIE];
      const isValid =
        typeof header === 'string' &&
        typeof cookie === 'string' &&
        safeEqual(header, cookie) &&
        (!session || safeEqual(header, session.csrfToken)) &&
        // An expired session on a mutating call is "page too old, reload" (419), not "sign in" (401)...
        !(isStale && policy.kind !== 'public');
      // ...while a public route (login, password flows) simply ignores a dead session cookie.
      if (!isValid) return deny(reply, 419, AUTH_MESSAGES.csrf);
    }

    const denial = checkAccess(policy, request.auth);
    if (denial) {
      if (isStale) clearSessionCookie(reply, config);
      return deny(reply, denial.status, denial.message);
    }
    if (session) await touchSession(db, session);
  });
}
