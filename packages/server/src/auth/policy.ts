import { AUTH_MESSAGES } from '@app/domain';
import { type Auth, isSu, type RouteAccess } from '../core/context.js';

// The access policy of one route, resolved once from its `config.access` (core/context.ts RouteAccess).

export type Policy = {
  /** 'user': a signed-in user; 'api-client': a user or a bearer token; 'public': anyone. */
  kind: 'public' | 'user' | 'api-client';
  capability: RouteAccess['capability'];
  suBypass: boolean;
  suOnly: boolean;
  /** A public route for third-party pages: no session read, no CSRF check (RouteAccess.isAnonymous). */
  isAnonymous: boolean;
  /**
   * False only for the web app's own files (index.html, assets, client-side routes): they still load in
   * maintenance so the browser can show /maintenance. Everything with an access policy or under /api is an API.
   */
  isApi: boolean;
};

export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

export function resolvePolicy(path: string, method: string, access: RouteAccess | undefined): Policy {
  const isApi = isApiPath(path) || access !== undefined || (method !== 'GET' && method !== 'HEAD');
  const kind = access?.access ?? (isApiPath(path) ? 'user' : 'public');
  return {
    kind,
    capability: access?.capability,
    suBypass: access?.suBypass !== false,
    suOnly: access?.suOnly === true,
    isAnonymous: access?.isAnonymous === true && kind === 'public',
    isApi,
  };
}

/** A route declaration that cannot mean what its author wanted is a startup error, not a silent hole. */
export function assertCoherent(url: string, access: RouteAccess | undefined): void {
  if (!access) return;
  if (access.access === 'public' && (access.capability || access.suOnly)) {
    throw new Error(`Route ${url} : une route publique ne peut pas exiger une capacité ou le rôle su.`);
  }
  if (access.isAnonymous && access.access !== 'public') {
    throw new Error(`Route ${url} : seule une route publique peut être anonyme.`);
  }
  if (access.access === 'api-client' && (access.capability || access.suOnly)) {
    throw new Error(`Route ${url} : une route ouverte aux clés d'API ne peut pas exiger une capacité ou le rôle su.`);
  }
}

export type Denial = { status: 401 | 403; message: string };

/** Null when the request may go on. A bearer client only ever reaches 'api-client' routes. */
export function checkAccess(policy: Policy, auth: Auth | null): Denial | null {
  if (policy.kind === 'public') return null;
  if (!auth) return { status: 401, message: AUTH_MESSAGES.unauthenticated };
  if (auth.kind === 'api-client') {
    return policy.kind === 'api-client' ? null : { status: 403, message: AUTH_MESSAGES.apiClientForbidden };
  }
  const isSuper = isSu(auth);
  if (policy.suOnly && !isSuper) return { status: 403, message: AUTH_MESSAGES.suOnly };
  if (policy.capability) {
    const allowed = auth.user.capabilities.includes(policy.capability) || (isSuper && policy.suBypass);
    if (!allowed) return { status: 403, message: AUTH_MESSAGES.forbidden };
  }
  return null;
}
