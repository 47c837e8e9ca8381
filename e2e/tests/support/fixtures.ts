import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, test as base, expect, type Page, request } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './accounts.js';

// What every test needs: the base URL of the server started by global-setup.ts, the captured mails, an API
// session as the administrator to seed data, sign-in through the real login page, and the maintenance CLI.

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the global setup did not run`);
  return value;
};

// ---- console ------------------------------------------------------------------------------------------------

// Any console warning or error of the app fails the test (issue 13, point 12): a React Router warning, a React
// key warning, an uncaught exception are all bugs. Some lines are not the app's words and pass: Chromium's own line
// for an HTTP error status ('Failed to load resource: the server responded with a status of 401'), which tests of
// refusals provoke on purpose and assert otherwise; and what a test declares it expects with allowConsole().
const NETWORK_STATUS_LINE = /^Failed to load resource: the server responded with a status of \d{3}\b/;
// Playwright's own warning where the configuration blocks the service worker (every project but the new version's).
const SERVICE_WORKER_BLOCKED = /^Service Worker registration blocked by Playwright$/;
const allowedByPage = new WeakMap<Page, RegExp[]>();

/** Lets the page log these (a failure the test provokes, logged with its response like every failure). */
export function allowConsole(page: Page, ...patterns: RegExp[]): void {
  allowedByPage.set(page, [...(allowedByPage.get(page) ?? []), ...patterns]);
}

export const test = base.extend<{ baseURL: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(env('E2E_BASE_URL'));
  },
  page: async ({ page }, use) => {
    const problems: string[] = [];
    const isAllowed = (text: string) =>
      NETWORK_STATUS_LINE.test(text) ||
      SERVICE_WORKER_BLOCKED.test(text) ||
      (allowedByPage.get(page) ?? []).some((pattern) => pattern.test(text));
    page.on('console', (message) => {
      const type = message.type();
      if ((type === 'warning' || type === 'error') && !isAllowed(message.text())) {
        const { url, lineNumber } = message.location();
        problems.push(`console.${type}: ${message.text()} (${url}:${lineNumber})`);
      }
    });
    page.on('pageerror', (error) => {
      if (!isAllowed(error.message)) problems.push(`uncaught: ${error.message}`);
    });
    await use(page);
    expect(problems, 'the page logged warnings or errors').toEqual([]);
  },
});
export { expect };

// ---- mails -------------------------------------------------------------------------------------------------

type CapturedMail = { to: string[]; raw: string; receivedAt: number };

/** Text of every part of a MIME message, transfer encodings undone (quoted-printable, base64). */
export function mailText(raw: string): string {
  const parts: string[] = [];
  const partPattern = /Content-Transfer-Encoding:\s*([\w-]+)[^\n]*\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?=\r?\n--|$)/gi;
  for (const [, encoding, body] of raw.matchAll(partPattern)) {
    const kind = encoding!.toLowerCase();
    if (kind === 'base64') parts.push(Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (kind === 'quoted-printable') {
      const bytes = body!.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
      parts.push(decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25')));
    } else parts.push(body!);
  }
  return parts.length ? parts.join('\n') : raw;
}

export async function mailsFor(address: string): Promise<CapturedMail[]> {
  const response = await fetch(`${env('E2E_MAILBOX_URL')}/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as CapturedMail[];
}

/** Waits for a mail to `address` received after `since` holding a link to `/auth/<kind>`, and returns that link. */
export async function waitForLink(address: string, kind: 'reset-password' | 'first-login', since = 0): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+/auth/${kind}\\?[^\\s"'<>]+`);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const mail of (await mailsFor(address)).reverse()) {
      if (mail.receivedAt < since) continue;
      const match = mailText(mail.raw).match(pattern);
      if (match) return match[0].replaceAll('&amp;', '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${kind} link mailed to ${address}`);
}

// ---- API sessions (seeding) ---------------------------------------------------------------------------------

async function xsrfHeader(api: APIRequestContext): Promise<Record<string, string>> {
  const { cookies } = await api.storageState();
  const token = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('No XSRF-TOKEN cookie');
  return { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' };
}

/** An API session: GET /csrf-cookie, then POST /login with the anti-forgery header, like the web app. */
export async function apiSession(email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: env('E2E_BASE_URL') });
  await api.get('/csrf-cookie');
  const response = await api.post('/login', { data: { email, password }, headers: await xsrfHeader(api) });
  expect(response.status(), await response.text()).toBe(200);
  return api;
}

export async function apiPost(api: APIRequestContext, url: string, data: unknown) {
  const response = await api.post(url, { data, headers: await xsrfHeader(api) });
  expect(response.ok(), `${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

export async function apiPut(api: APIRequestContext, url: string, data: unknown) {
  const response = await api.put(url, { data, headers: await xsrfHeader(api) });
  expect(response.ok(), `${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

let userCount = 0;
export type Account = { email: string; password: string; firstName: string; lastName: string };

/**
 * A new user created by the administrator (POST /api/users), who then sets a password through the first-login
 * link mailed to them (POST /first-login), as the invitation flow does.
 */
export async function createUser(roleId: number, firstName = 'Camille', lastName = 'Durand'): Promise<Account> {
  userCount += 1;
  const email = `user${Date.now()}-${userCount}@e2e.test`;
  const since = Date.now();
  const admin = await apiSession();
  await apiPost(admin, '/api/users', { first_name: firstName, last_name: lastName, email, role_id: roleId });
  await admin.dispose();
  const link = new URL(await waitForLink(email, 'first-login', since));
  const password = `Ballon-${userCount}-${Date.now()}`;
  const visitor = await request.newContext({ baseURL: env('E2E_BASE_URL') });
  await visitor.get('/csrf-cookie');
  const response = await visitor.post('/first-login', {
    data: {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password,
      password_confirmation: password,
    },
    headers: await xsrfHeader(visitor),
  });
  expect(response.status(), await response.text()).toBe(200);
  await visitor.dispose();
  return { email, password, firstName, lastName };
}

// ---- browser ------------------------------------------------------------------------------------------------

/**
 * Signs in on the login page the test has opened (directly, or through a guard sending there) and waits to leave
 * it for the dashboard or the page given by ?redirect=.
 */
export async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel('Adresse email').fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

// One session per account and worker, kept: the journeys start signed in, as a browser that stays signed in does;
// the sign-in itself goes through the login page in auth.spec.ts, guards.spec.ts, password.spec.ts and
// profile.spec.ts. No journey that opens a page this way signs out (that would end the session for the next ones).
const sessions = new Map<string, Awaited<ReturnType<APIRequestContext['storageState']>>['cookies']>();

/** Opens `url` signed in as the account (the administrator by default), without going through the login page. */
export async function openSignedIn(page: Page, url: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  let cookies = sessions.get(email);
  if (!cookies) {
    const api = await apiSession(email, password);
    cookies = (await api.storageState()).cookies;
    await api.dispose();
    sessions.set(email, cookies);
  }
  await page.context().addCookies(cookies);
  await page.goto(url);
}

export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

// ---- server CLI ---------------------------------------------------------------------------------------------

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `node packages/server/dist/cli/maintenance.js on|off` with the server's own environment. */
export function maintenance(state: 'on' | 'off'): string {
  const serverEnv = JSON.parse(env('E2E_SERVER_ENV')) as Record<string, string>;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...serverEnv };
  delete childEnv.DATABASE_URL;
  return execFileSync(process.execPath, [path.join(root, 'packages/server/dist/cli/maintenance.js'), state], {
    cwd: root,
    env: childEnv,
    encoding: 'utf8',
  });
}

export const screenshotPath = (name: string, projectName: string) =>
  path.join(root, 'e2e/test-results/screenshots', `${projectName}-${name}.png`);

/**
 * The Mantine classes on the page that no stylesheet styles: each page takes only the styles of the components its
 * code reaches (packages/web/mantine-styles-plugin.ts), so a component shown without its styles shows here.
 */
export async function unstyledMantineClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const styled = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          for (const match of rule.selectorText.matchAll(/\.(m_[0-9a-f]{8})/g)) styled.add(match[1] as string);
        }
        if (rule instanceof CSSGroupingRule) walk(rule.cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const shown = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class*="m_"]'))) {
      for (const name of Array.from(element.classList)) if (/^m_[0-9a-f]{8}$/.test(name)) shown.add(name);
    }
    return [...shown].filter((name) => !styled.has(name));
  });
}
