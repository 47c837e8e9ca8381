import type { Me } from '@app/domain';
import { CAPABILITIES, type Capability, ROLES } from '@app/domain';
import type { SessionState } from '../session/store';
import { ROUTE_PATHS } from './routes';

// Navigation guards (maintenance, session) and role/capability guards, as pure decisions: each returns where to
// go instead, or null to let the navigation through. The router's loaders apply them (./guard-loaders.ts).

export type AccessRule = 'settings' | 'ticketTemplates' | 'suOnly' | 'users' | 'remoteOrders';

const isSu = (me: Me) => me.user.role.slug === 'su';
const hasCapability = (me: Me, capability: string) => me.user.capabilities.includes(capability);

export function canAccess(rule: AccessRule, me: Me): boolean {
  switch (rule) {
    case 'settings':
      return isSu(me) || hasCapability(me, 'manage_settings');
    case 'ticketTemplates':
      return isSu(me) || hasCapability(me, 'manage_ticket_templates');
    case 'suOnly':
      return isSu(me);
    // No su bypass for users: the capability alone decides.
    case 'users':
      return hasCapability(me, 'manage_users');
    // Governed by the remote-order-import setting, not by role.
    case 'remoteOrders':
      return me.settings.remoteOrdersImport;
  }
}

const su = ROLES.su.label.toLowerCase();
const withRight = (capability: Capability) => `aux rôles ayant le droit « ${CAPABILITIES[capability]} »`;

/**
 * What a refused user is told, in French: whom the page is reserved to. Null where the refusal is no
 * matter of role: remote orders follow a setting, and their link is hidden while it is off.
 */
export function refusalMessage(rule: AccessRule): string | null {
  switch (rule) {
    case 'settings':
      return `Page réservée au ${su} et ${withRight('manage_settings')}.`;
    case 'ticketTemplates':
      return `Page réservée au ${su} et ${withRight('manage_ticket_templates')}.`;
    case 'suOnly':
      return `Page réservée au ${su}.`;
    case 'users':
      return `Page réservée ${withRight('manage_users')}.`;
    case 'remoteOrders':
      return null;
  }
}

export type NavigationTarget = { path: string; isPublic: boolean };

/** Maintenance first, then the session requirement of non-public routes. */
export function decideNavigation(
  target: NavigationTarget,
  session: Pick<SessionState, 'status' | 'isMaintenance'>,
): string | null {
  const path = target.path.split('?')[0];
  if (session.isMaintenance) return path === ROUTE_PATHS.maintenance ? null : ROUTE_PATHS.maintenance;
  if (target.isPublic || session.status === 'authenticated') return null;
  return loginPathFor(target.path);
}

/** Login, remembering the page asked for so a successful sign-in goes back there. */
export function loginPathFor(requested: string): string {
  const isWorthRemembering = requested !== ROUTE_PATHS.home && !requested.startsWith(ROUTE_PATHS.auth);
  return isWorthRemembering
    ? `${ROUTE_PATHS.login}?${new URLSearchParams({ redirect: requested }).toString()}`
    : ROUTE_PATHS.login;
}

/** Where a refused user goes: home (remote orders while their setting is off, and every role guard). */
export function decideAccess(rule: AccessRule, me: Me | null): string | null {
  if (!me) return ROUTE_PATHS.login;
  return canAccess(rule, me) ? null : ROUTE_PATHS.home;
}

/** Only internal paths are followed after sign-in (no open redirect through ?redirect=). */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith(ROUTE_PATHS.auth)) {
    return ROUTE_PATHS.home;
  }
  return value;
}
