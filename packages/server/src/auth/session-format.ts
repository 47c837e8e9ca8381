import crypto from 'node:crypto';

// How a session travels and is stored. The auth plugin and the test helper (test/helpers.ts signIn) both follow it.
// - cookie `sid`: a random 32-byte token (base64url), HttpOnly; the sessions row id is its sha256 hex.
// - cookie `XSRF-TOKEN`: readable by the SPA, sent back in the `X-XSRF-TOKEN` header on every mutating call;
//   on a signed-in request it must also equal sessions.csrf_token.
export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_TTL_MS = 1000 * 60 * 60 * 12;

export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => crypto.createHash('sha256').update(value).digest('hex');
