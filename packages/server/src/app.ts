import { AUTH_MESSAGES } from '@app/domain';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { z } from 'zod';
import { registerAuth } from './auth/plugin.js';
import type { Config } from './config.js';
import { loadTimeZone } from './core/clock.js';
import type { AppContext } from './core/context.js';
import { databaseHealth, HEALTH_DATABASE_DOWN } from './db/availability.js';
import type { Database } from './db/database.js';
// Fastify's view of the app (ctx on the instance, auth on the request): a program that reaches the server only
// through this file (the bench, a test) must see it too.
import './http/context.js';
import { registerCors } from './http/cors.js';
import { registerErrorHandler } from './http/errors.js';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.js';
import { redactingLoggerOptions } from './http/log-redaction.js';
import { registerRequestLog } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWeb } from './http/web.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { startMailWorker } from './mail/queue.js';
import { registry } from './resources/index.js';
import { registerAccountRoutes, registerSpecialRoutes } from './routes/index.js';
import { registerResourceRoutes } from './routes/resources.js';
import { deepHealthAccess, readDeepHealth } from './services/deep-health.js';
import { startScheduledJobs } from './services/scheduled-jobs.js';
import { startShopSyncWorker } from './services/shop-sync.js';

// Zod's default messages (for any check a schema does not word itself) in French.
z.config(z.locales.fr());

export type BuildOptions = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: { write: (line: string) => void };
  /** How often the requests not logged one by one are summed up in one line (http/request-log.ts). */
  requestLogSummaryMs?: number;
  /** Polls the mail queue (mail/queue.ts); default: on, except under NODE_ENV=test where tests drive it. */
  mailWorker?: boolean;
  /** Ticks the daily jobs (services/scheduled-jobs.ts); same default as mailWorker. */
  scheduledJobs?: boolean;
  /** Pushes booking status changes to the online shop (services/shop-sync.ts); same default as mailWorker. */
  shopSyncWorker?: boolean;
};

/** The whole HTTP application, without listening: tests drive it through inject() or a real port. */
export async function buildApp({
  config,
  database,
  mailer,
  logger,
  logStream,
  requestLogSummaryMs,
  mailWorker = process.env.NODE_ENV !== 'test',
  scheduledJobs = process.env.NODE_ENV !== 'test',
  shopSyncWorker = process.env.NODE_ENV !== 'test',
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? { ...redactingLoggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) }
      : false,
    // Requests are logged by http/request-log.ts, not one line each at info.
    logController: new LogController({ disableRequestLogging: true }),
    // Trusting X-Forwarded-For from anyone would let a client fake its IP past the login throttle.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: 5 * 1024 * 1024,
    // Query strings are parsed by the list-query language itself; keep fastify's parser flat and simple.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
  });
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    config,
    mailer: mailer ?? createMailer(config, database.db),
    registry,
  };
  app.decorate('ctx', ctx);
  // The operator's time zone for every 'today' (core/clock.ts). A database that does not answer yet keeps the
  // default until the daily jobs' next tick: the app starts and says 503 meanwhile, as without it.
  await loadTimeZone(ctx.db).catch(() => undefined);
  app.decorateRequest('auth', null);
  if (logger) registerRequestLog(app, requestLogSummaryMs);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerCors(app);
  await app.register(cookie);
  if (logger) database.onConnectionLost = (error) => app.log.warn({ err: error }, 'connexion PostgreSQL perdue');
  // Answers 200 in maintenance too (load balancers must keep the instance), and says so: the web app's public pages
  // read it without a session. 503 while the database does not answer, so that a load balancer sends the traffic
  // elsewhere, with the reason in a few French words (db/availability.ts); never the driver's error. No session
  // read (anonymous): it must not need the database to answer.
  const health = databaseHealth(ctx.db);
  // ?deep=1 adds the mail queue's oldest waiting mail and the last backup's age, for an API key or an administrator
  // (services/deep-health.ts); the plain check stays anonymous and costs one read.
  app.get('/health', { config: { access: { access: 'public', isAnonymous: true } } }, async (request, reply) => {
    const state = await health.read();
    if (!state) return reply.status(503).send(HEALTH_DATABASE_DOWN);
    if ((request.query as { deep?: unknown }).deep !== '1') return { status: 'ok', maintenance: state.maintenance };
    const access = await deepHealthAccess(ctx.db, request);
    if (access === 'unauthenticated') return reply.status(401).send({ message: AUTH_MESSAGES.unauthenticated });
    if (access === 'forbidden') return reply.status(403).send({ message: AUTH_MESSAGES.forbidden });
    return { status: 'ok', maintenance: state.maintenance, ...(await readDeepHealth(ctx.db)) };
  });
  // The auth plugin is the hooks (who is calling, may they); it comes first so that every route passes them.
  await registerAuth(app);
  await registerAccountRoutes(app);
  await registerResourceRoutes(app);
  await registerSpecialRoutes(app);
  await registerWeb(app);
  const worker = mailWorker ? startMailWorker(app) : null;
  const jobs = scheduledJobs ? startScheduledJobs(app) : null;
  const shopWorker = shopSyncWorker ? startShopSyncWorker(app) : null;
  app.addHook('onClose', async () => {
    await worker?.stop();
    await jobs?.stop();
    await shopWorker?.stop();
    ctx.mailer.close();
  });
  return app;
}
