import type { FastifyInstance, FastifyRequest } from 'fastify';

// Issue 13 point 2: an hour of use wrote ~4,700 info lines, one per file of the web app and per API read. At
// `info`, a request gets its own line only when it changes something or fails; the rest is counted and summed
// up in one line per minute. Files of the web app (pages, scripts, styles) never get a line of their own at
// `info`. At `debug` (LOG_LEVEL=debug) every request has its line again.

const webRequests = new WeakSet<FastifyRequest>();

/** Called by http/web.ts when it answers a client-side route with the SPA's index.html. */
export function markWebRequest(request: FastifyRequest): void {
  webRequests.add(request);
}

/** A built file (@fastify/static, wildcard off, gives each file a route whose config names it) or the SPA page. */
function isWebFile(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as { file?: unknown } | undefined;
  return config?.file !== undefined || webRequests.has(request);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const DETAILED = new Set(['debug', 'trace']);

export function registerRequestLog(app: FastifyInstance, summaryIntervalMs = 60_000): void {
  let reads = 0;
  let files = 0;
  const summarize = () => {
    if (reads + files === 0) return;
    app.log.info(
      { apiReads: reads, webFiles: files },
      `requêtes sans détail depuis le dernier résumé : ${reads} lecture(s) d'API, ${files} fichier(s) de l'application web`,
    );
    reads = 0;
    files = 0;
  };
  const timer = setInterval(summarize, summaryIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    summarize();
  });
  app.addHook('onResponse', async (request, reply) => {
    const web = isWebFile(request);
    const notable = !web && (!READS.has(request.method) || reply.statusCode >= 400);
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (notable) request.log.info(line, 'request completed');
    else if (DETAILED.has(app.log.level)) request.log.debug(line, 'request completed');
    else if (web) files += 1;
    else reads += 1;
  });
}
