import path from 'node:path';

export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  dataDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  remoteOrdersDir: string;
  /** Where the built SPA lives; absent in API-only tests. */
  webDir: string | undefined;
  /** Set behind TLS so the session cookie gets the Secure flag. */
  secureCookies: boolean;
  /** Split deployment (api.<host>): the app origin allowed with credentials. */
  appOrigin: string | undefined;
  /** Split deployment: the parent domain both hosts share, so the SPA can read the XSRF cookie. */
  cookieDomain: string | undefined;
  logLevel: string;
  /** Reverse proxies in front of the server (X-Forwarded-For hops trusted); 0 when exposed directly. */
  trustProxy: number;
  /** Seals the secrets stored in settings (services/secret-box.ts); DATA_DIR/app.key when absent. */
  appKey: string | undefined;
  /**
   * SHOP_ALLOW_PRIVATE=1: an intranet install whose online shop is on a private network (loopback, private or
   * unique-local addresses) and may be reached over plain http:// (services/shop-address.ts). Off by default.
   */
  shopAllowPrivate: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL ?? `sqlite://${path.join(dataDir, 'app.sqlite')}`,
    dataDir,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Montgolfière <no-reply@localhost>',
    remoteOrdersDir: path.resolve(env.REMOTE_ORDERS_DIR ?? path.join(dataDir, 'remote-orders')),
    webDir: env.WEB_DIR ?? undefined,
    secureCookies: env.SECURE_COOKIES === '1' || (env.APP_URL ?? '').startsWith('https://'),
    appOrigin: env.APP_ORIGIN ? env.APP_ORIGIN.replace(/\/$/, '') : undefined,
    cookieDomain: env.COOKIE_DOMAIN || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: Number(env.TRUST_PROXY ?? 0) || 0,
    appKey: env.APP_KEY || undefined,
    shopAllowPrivate: env.SHOP_ALLOW_PRIVATE === '1',
  };
}
