import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

// Security headers on every answer (web app and API). The web app has no inline script (Vite emits modules), so
// scripts come from 'self' only; styles allow inline because Mantine writes its CSS variables in <style> tags and
// the rich-text colours are style attributes. Framing is refused everywhere but the public widget pages, which an
// operator embeds in its own site with an iframe.

/** Paths that other sites may frame. */
export const FRAMEABLE_PREFIXES = ['/widget/'];

/** Who may frame an answer: anyone (widget), the app itself (its PDF previews), nobody (the rest). */
export type Framing = 'any' | 'self' | 'none';
const FRAME_ANCESTORS: Record<Framing, string> = { any: '*', self: "'self'", none: "'none'" };

export function contentSecurityPolicy(config: Config, framing: Framing): string {
  // Split deployment: the app calls api.<host>, a sibling under the shared cookie domain.
  const connect = ["'self'", ...(config.cookieDomain ? [`https://*.${config.cookieDomain.replace(/^\./, '')}`] : [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    // The ticket and flight-plan previews are PDFs of our own, shown in a frame.
    "frame-src 'self' blob:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${FRAME_ANCESTORS[framing]}`,
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const { config } = app.ctx;
  const policies: Record<Framing, string> = {
    any: contentSecurityPolicy(config, 'any'),
    self: contentSecurityPolicy(config, 'self'),
    none: contentSecurityPolicy(config, 'none'),
  };
  app.addHook('onSend', async (request, reply, payload) => {
    const isPdf = String(reply.getHeader('content-type') ?? '').startsWith('application/pdf');
    const framing: Framing = FRAMEABLE_PREFIXES.some((prefix) => request.url.startsWith(prefix))
      ? 'any'
      : isPdf
        ? 'self'
        : 'none';
    reply.header('content-security-policy', policies[framing]);
    reply.header('x-content-type-options', 'nosniff');
    // Mailed links carry tokens in their query string: never send them to another site as a referrer.
    reply.header('referrer-policy', 'same-origin');
    if (framing !== 'any') reply.header('x-frame-options', framing === 'self' ? 'SAMEORIGIN' : 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    return payload;
  });
}
