import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerAuth } from './auth/plugin.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { AppContext } from './http/context.js';
import { registerCors } from './http/cors.js';
import { registerErrorHandler } from './http/errors.js';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.js';
import { redactingLoggerOptions } from './http/log-redaction.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWeb } from './http/web.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { startMailWorker } from './mail/queue.js';
import { registry } from './resources/index.js';
import { registerSpecialRoutes } from './routes/index.js';
import { registerResourceRoutes } from './routes/resources.js';

// Zod's default messages (for any check a schema does not word itself) in French.
z.config(z.locales.fr());

export type BuildOptions = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: { write: (line: string) => void };
  /** Polls the mail queue (mail/queue.ts); default: on, except under NODE_ENV=test where tests drive it. */
  mailWorker?: boolean;
};

/** The whole HTTP application, without listening: tests drive it through inject() or a real port. */
export async function buildApp({
  config,
  database,
  mailer,
  logger,
  logStream,
  mailWorker = process.env.NODE_ENV !== 'test',
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? { ...redactingLoggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) }
      : false,
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
  app.decorateRequest('auth', null);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerCors(app);
  await app.register(cookie);
  app.get('/health', { config: { access: { access: 'public' } } }, async () => ({ status: 'ok' }));
  await registerAuth(app);
  await registerResourceRoutes(app);
  await registerSpecialRoutes(app);
  await registerWeb(app);
  const worker = mailWorker ? startMailWorker(app) : null;
  app.addHook('onClose', async () => {
    await worker?.stop();
    ctx.mailer.close();
  });
  return app;
}
