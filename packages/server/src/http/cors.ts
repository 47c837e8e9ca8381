import type { FastifyInstance } from 'fastify';

// Split deployment (the API on api.<host>, API_ORIGIN): only the configured app origin may call
// with credentials. Registered before the auth and maintenance hooks so that their 401/419/503 answers carry
// the headers too (otherwise the browser hides the status from the app). Same-origin deployments set nothing.
const ALLOWED_HEADERS = 'Accept, Authorization, Content-Type, X-XSRF-TOKEN';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';

export function registerCors(app: FastifyInstance): void {
  const origin = app.ctx.config.appOrigin;
  if (!origin) return;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('vary', 'Origin');
    if (request.headers.origin !== origin) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
      return reply.status(204).send();
    }
  });
}
