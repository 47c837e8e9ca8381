import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../test/session';
import { canAccess, decideAccess, decideNavigation, loginPathFor, safeRedirect } from './guards';

describe('canAccess (roles and permissions)', () => {
  it('opens the settings area with manage_settings or to su', () => {
    expect(canAccess('settings', sessionFixture({ capabilities: ['manage_settings'] }))).toBe(true);
    expect(canAccess('settings', sessionFixture({ role: 'su' }))).toBe(true);
    expect(canAccess('settings', sessionFixture({ role: 'admin', capabilities: ['manage_users'] }))).toBe(false);
  });

  it('opens ticket templates with manage_ticket_templates or to su', () => {
    expect(canAccess('ticketTemplates', sessionFixture({ capabilities: ['manage_ticket_templates'] }))).toBe(true);
    expect(canAccess('ticketTemplates', sessionFixture({ role: 'su' }))).toBe(true);
    expect(canAccess('ticketTemplates', sessionFixture({ capabilities: ['manage_settings'] }))).toBe(false);
  });

  it('keeps the capabilities and online-shop pages to su, whatever the capabilities', () => {
    expect(canAccess('suOnly', sessionFixture({ role: 'su' }))).toBe(true);
    const everything = ['manage_settings', 'manage_ticket_templates', 'manage_users'];
    expect(canAccess('suOnly', sessionFixture({ role: 'admin', capabilities: everything }))).toBe(false);
  });

  it('opens users with manage_users only: su without the capability is refused', () => {
    expect(canAccess('users', sessionFixture({ capabilities: ['manage_users'] }))).toBe(true);
    expect(canAccess('users', sessionFixture({ role: 'su', capabilities: [] }))).toBe(false);
  });

  it('opens remote orders by the setting, not by role', () => {
    expect(canAccess('remoteOrders', sessionFixture({ role: 'operator', remoteOrdersImport: true }))).toBe(true);
    expect(canAccess('remoteOrders', sessionFixture({ role: 'su', remoteOrdersImport: false }))).toBe(false);
  });
});

describe('decideAccess', () => {
  it('lets an allowed user through and sends a refused one home', () => {
    expect(decideAccess('users', sessionFixture({ capabilities: ['manage_users'] }))).toBeNull();
    expect(decideAccess('users', sessionFixture())).toBe('/');
    expect(decideAccess('remoteOrders', sessionFixture())).toBe('/');
  });

  it('sends to login without a session', () => {
    expect(decideAccess('settings', null)).toBe('/auth/login');
  });
});

describe('decideNavigation (maintenance, session)', () => {
  const anonymous = { status: 'anonymous', isMaintenance: false } as const;
  const signedIn = { status: 'authenticated', isMaintenance: false } as const;

  it('sends every navigation to the maintenance page while maintenance is on', () => {
    const maintenance = { status: 'authenticated', isMaintenance: true } as const;
    expect(decideNavigation({ path: '/dashboard', isPublic: false }, maintenance)).toBe('/maintenance');
    expect(decideNavigation({ path: '/auth/login', isPublic: true }, maintenance)).toBe('/maintenance');
    expect(decideNavigation({ path: '/maintenance', isPublic: true }, maintenance)).toBeNull();
  });

  it('requires a session on non-public routes, remembering the page asked for', () => {
    expect(decideNavigation({ path: '/flights?page=2', isPublic: false }, anonymous)).toBe(
      '/auth/login?redirect=%2Fflights%3Fpage%3D2',
    );
    expect(decideNavigation({ path: '/', isPublic: false }, anonymous)).toBe('/auth/login');
    expect(decideNavigation({ path: '/dashboard', isPublic: false }, { ...anonymous, status: 'unknown' })).toBe(
      '/auth/login?redirect=%2Fdashboard',
    );
  });

  it('lets public routes and signed-in users through', () => {
    expect(decideNavigation({ path: '/auth/lost-password', isPublic: true }, anonymous)).toBeNull();
    expect(decideNavigation({ path: '/planning', isPublic: false }, signedIn)).toBeNull();
  });
});

describe('after sign-in', () => {
  it('follows only internal paths outside the auth area', () => {
    expect(safeRedirect('/flights/12/summary')).toBe('/flights/12/summary');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/auth/login')).toBe('/');
  });

  it('does not remember the auth pages themselves', () => {
    expect(loginPathFor('/auth/first-login')).toBe('/auth/login');
  });
});
