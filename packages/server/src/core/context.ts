import type { Capability, SessionUser } from '@app/domain';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { ForbiddenError } from './errors.js';

/**
 * What every layer is handed: the database, its dialect and the configuration. The layers above add their own
 * piece by augmenting this interface where they declare it (the engine its resource registry in engine/types.ts,
 * mail its mailer in mail/mailer.ts), so that this file imports none of them and no import runs back up.
 */
export interface AppContext {
  db: Kysely<DB>;
  dialect: Dialect;
  config: Config;
}

/** The signed-in user as GET /api/me answers it (the domain's session contract). */
export type { SessionUser };

export type Auth =
  | { kind: 'user'; user: SessionUser; sessionId: string }
  | { kind: 'api-client'; clientId: number; name: string };

/** Whether the caller is a signed-in su (the auth plugin fills the request's auth before any handler). */
export const isSu = (auth: Auth | null | undefined): boolean => auth?.kind === 'user' && auth.user.role.slug === 'su';

/** The signed-in user writing (author of a note, sender of a mail), null for API clients and internal calls. */
export const authorOf = (auth: Auth | null | undefined): number | null => (auth?.kind === 'user' ? auth.user.id : null);

/** The signed-in user acting on an account (their own profile, the users page); 403 for an API key. */
export function signedInUser(auth: Auth | null | undefined): SessionUser {
  if (auth?.kind !== 'user') throw new ForbiddenError();
  return auth.user;
}

/**
 * Per-route access policy, read by the auth plugin (auth/plugin.ts) before any handler runs.
 * Every /api route needs a signed-in user unless it says otherwise here.
 * - access 'public': no session needed (login, password flows, public planning, health).
 * - access 'api-client': a signed-in user OR an API client bearer token (order intake, read-only planning).
 * - capability: the user's role must carry it (su bypasses, except where suBypass is false: the users page).
 * - suOnly: role su only (capabilities page, online-shop settings).
 */
export type RouteAccess = {
  access?: 'public' | 'api-client';
  capability?: Capability;
  suBypass?: boolean;
  suOnly?: boolean;
  /**
   * With access 'public' only: a call from pages on other sites (the public planning widget in an operator's
   * iframe), where the browser keeps our cookies away. No session is read and no anti-forgery token is asked: the
   * route acts for nobody, so a forged request can do nothing a direct one could not (it is rate-limited instead).
   */
  isAnonymous?: boolean;
};
