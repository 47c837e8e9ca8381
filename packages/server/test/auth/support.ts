import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { createApiClient } from '../../src/auth/api-tokens.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../src/auth/session-format.js';
import type { TestApp } from '../helpers.js';

// Helpers of the auth and security suites: users with real passwords, sign-in through POST /login, the cookies a
// browser would keep, a real SMTP server catching mails, API tokens.

export type RoleSlug = 'su' | 'admin' | 'operator';

export async function createUser(
  t: TestApp,
  options: { email?: string; password?: string | null; role?: RoleSlug; firstName?: string } = {},
): Promise<{ id: number; email: string; password: string | null }> {
  const { db } = t.database;
  const email = options.email ?? `user-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const password = options.password === undefined ? 'motdepasse-solide' : options.password;
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('slug', '=', options.role ?? 'admin')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('users')
    .values({
      first_name: options.firstName ?? 'Camille',
      last_name: 'Durand',
      email,
      password_hash: password === null ? null : await hashPassword(password),
      role_id: role.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password };
}

/** Cookies of a response (name → value; an expired cookie maps to ''), and their raw Set-Cookie lines. */
export function responseCookies(response: LightMyRequestResponse): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const c of response.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
    const isCleared = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
    cookies[c.name] = isCleared ? '' : c.value;
  }
  return cookies;
}

export function setCookieLine(response: LightMyRequestResponse, name: string): string {
  const raw = response.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const line = lines.find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`no Set-Cookie for ${name}`);
  return line;
}

/** A browser-like cookie jar for inject(): keeps what the server sets, sends it back, adds the XSRF header. */
export class Browser {
  cookies: Record<string, string> = {};
  /** `extraHeaders`: e.g. X-Forwarded-For to come from another ip (the app trusts the proxy). */
  constructor(
    private readonly t: { app: FastifyInstance },
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  headers(): Record<string, string> {
    const pairs = Object.entries(this.cookies).filter(([, v]) => v !== '');
    const headers: Record<string, string> = { ...this.extraHeaders };
    if (pairs.length) headers.cookie = pairs.map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.cookies[CSRF_COOKIE]) headers[CSRF_HEADER] = this.cookies[CSRF_COOKIE];
    return headers;
  }

  async request(method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
    const response = await this.t.app.inject({
      method: method as 'GET',
      url,
      headers: this.headers(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    Object.assign(this.cookies, responseCookies(response));
    return response;
  }

  get sessionToken(): string | undefined {
    return this.cookies[SESSION_COOKIE] || undefined;
  }

  /** GET /csrf-cookie then POST /login, as the web app does. */
  async login(email: string, password: string): Promise<LightMyRequestResponse> {
    await this.request('GET', '/csrf-cookie');
    return this.request('POST', '/login', { email, password });
  }
}

export async function signInWithPassword(t: TestApp, role: RoleSlug = 'admin') {
  const user = await createUser(t, { role });
  const browser = new Browser(t);
  const response = await browser.login(user.email, user.password!);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { browser, user };
}

/** Headers of an anonymous browser that fetched /csrf-cookie: a matching XSRF cookie and header, no session. */
export function anonymousCsrf(): Record<string, string> {
  const token = crypto.randomBytes(32).toString('base64url');
  return { cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token };
}

/** A bearer token of a new API client, as POST /api/api-clients would answer it. */
export async function apiToken(t: TestApp, name = 'Boutique partenaire'): Promise<{ id: number; token: string }> {
  const client = await createApiClient(t.database.db, name);
  return { id: client.id, token: client.token };
}

export type CaughtMail = { from: string; to: string[]; raw: string; text: string };

/** A real SMTP server on a random local port; `smtpUrl` goes into config.smtpUrl. */
export async function startSmtp(): Promise<{
  smtpUrl: string;
  mails: CaughtMail[];
  nextMail: (to: string, timeoutMs?: number) => Promise<CaughtMail>;
  /** Makes the server slow to accept each mail (a distant, busy SMTP relay). */
  setDelay: (ms: number) => void;
  close: () => Promise<void>;
}> {
  let delayMs = 0;
  const mails: CaughtMail[] = [];
  const waiters: { to: string; resolve: (mail: CaughtMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeMime(raw),
        };
        mails.push(mail);
        for (const waiter of [...waiters]) {
          if (mail.to.includes(waiter.to)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        setTimeout(() => callback(), delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mails,
    nextMail: (to, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail for ${to}`)), timeoutMs);
        waiters.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      }),
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Headers and every body part of a MIME message, each decoded (quoted-printable or base64) to text. */
export function decodeMime(raw: string): string {
  const out: string[] = [];
  const walk = (entity: string) => {
    const split = entity.search(/\r?\n\r?\n/);
    const head = split === -1 ? entity : entity.slice(0, split);
    const body = split === -1 ? '' : entity.slice(split).replace(/^\r?\n\r?\n/, '');
    const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
    out.push(decodeEncodedWords(unfolded));
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
    if (/content-type:\s*multipart\//i.test(unfolded) && boundary) {
      for (const part of body.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        walk(part.replace(/^\r?\n/, ''));
      }
      return;
    }
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(unfolded)?.[1]?.toLowerCase();
    if (encoding === 'base64') out.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (encoding === 'quoted-printable') {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
      out.push(decodeURIComponentSafe(bytes));
    } else out.push(body);
  };
  walk(raw);
  return out.join('\n');
}

/** RFC 2047 encoded words of headers (`=?UTF-8?Q?Votre_acc=C3=A8s?=`). */
function decodeEncodedWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeURIComponentSafe(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
    );
}

function decodeURIComponentSafe(text: string): string {
  // Only the %XX produced above are escapes; protect literal % first.
  try {
    return decodeURIComponent(text.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  } catch {
    return text;
  }
}

/** The first link of a mail to this app path, `&amp;` undone. */
export function linkIn(mail: { text: string }, path: string): URL {
  const match = new RegExp(`https?://[^\\s"'<>]+${path.replace(/[/?]/g, '\\$&')}\\?[^\\s"'<>]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in mail:\n${mail.text}`);
  return new URL(match[0].replace(/&amp;/g, '&'));
}

const LINK_ROUTES = { reset: '/reset-password', first_login: '/first-login' } as const;

/** POST /reset-password or /first-login from a new anonymous browser, choosing `password`. */
export async function usePasswordLink(
  t: { app: FastifyInstance },
  kind: keyof typeof LINK_ROUTES,
  token: string,
  email: string,
  password = 'mot-de-passe-neuf',
): Promise<LightMyRequestResponse> {
  const browser = new Browser(t);
  await browser.request('GET', '/csrf-cookie');
  return browser.request('POST', LINK_ROUTES[kind], { token, email, password, password_confirmation: password });
}

/**
 * The answers to this link and to a link nobody was ever sent, for the same email: a voided link must not be told
 * apart from an unknown one.
 */
export async function linkAndUnknownAnswers(
  t: { app: FastifyInstance },
  kind: keyof typeof LINK_ROUTES,
  token: string,
  email: string,
) {
  const answer = (r: LightMyRequestResponse) => ({ status: r.statusCode, body: r.json() as unknown });
  return {
    link: answer(await usePasswordLink(t, kind, token, email)),
    unknown: answer(await usePasswordLink(t, kind, crypto.randomBytes(32).toString('base64url'), email)),
  };
}
