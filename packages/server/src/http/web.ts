import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { markWebRequest } from './request-log.js';

/** The launch field's addresses: its own page (terrain.html), lighter than the office's for a phone without signal. */
const FIELD_PAGE = /^\/terrain(\/[^/?]+)?\/?(\?.*)?$/;

/**
 * Sets the one not-found handler. Serves the built SPA from config.webDir; any non-API GET falls back to index.html
 * (client-side routes), the launch field's addresses to terrain.html.
 */
export async function registerWeb(app: FastifyInstance): Promise<void> {
  const dir = app.ctx.config.webDir;
  if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Ressource introuvable.' }));
    return;
  }
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    // The build writes .br/.gz beside each asset (packages/web/compress-plugin.ts).
    preCompressed: true,
    setHeaders(res, file) {
      // Hashed assets never change; index.html and the service worker must always be revalidated.
      if (file.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  const hasFieldPage = fs.existsSync(path.join(dir, 'terrain.html'));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if ((request.method !== 'GET' && request.method !== 'HEAD') || url.startsWith('/api/') || url === '/api') {
      return reply.status(404).send({ message: 'Ressource introuvable.' });
    }
    markWebRequest(request);
    const page = hasFieldPage && FIELD_PAGE.test(url) ? 'terrain.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
}
