import type { FastifyRequest } from 'fastify';

// Secrets never reach a log (issue "Harden the API", failure 3): a mailed password link
// (`/auth/reset-password?token=…&email=…`) logged in clear let anyone who reads the log take the account.

const MASK = '[masqué]';
/** Query parameters masked wherever they appear (their name contains one of these words). */
const SECRET_PARAMETER = /token|password|email|secret|key/i;

/** The URL as it may be logged: no query string at all on the auth pages, secret parameters masked elsewhere. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const path = url.slice(0, q);
  if (path === '/auth' || path.startsWith('/auth/')) return `${path}?${MASK}`;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape stays as it is; the test below still reads its letters.
      }
      return SECRET_PARAMETER.test(decoded) && eq !== -1 ? `${name}=${MASK}` : pair;
    });
  return `${path}?${parts.join('&')}`;
}

/** Pino serializer of a request (replaces fastify's, which logs the raw URL). Headers are never logged. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** The logger options that keep secrets out: the request serializer and pino's own path redaction. */
export function redactingLoggerOptions(level: string) {
  return {
    level,
    serializers: { req: serializeRequest },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'body.password',
        'body.token',
        '*.password',
        '*.token',
      ],
      censor: MASK,
    },
  };
}
