import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from '../lib/route-handle';
import { BOOKING_LIST_SLUGS, pathTo, ROUTE_PATHS, type RouteName } from '../lib/routes';
import { routes } from './router';

function namedRoutes(list: RouteObject[]): { name: RouteName; path: string | undefined }[] {
  return list.flatMap((route) => {
    const name = (route.handle as RouteHandle | undefined)?.name;
    const own = name ? [{ name, path: route.path }] : [];
    return [...own, ...namedRoutes(route.children ?? [])];
  });
}

describe('route name table', () => {
  it('declares every named route of the table in the router, with the same path', () => {
    const declared = namedRoutes(routes);
    for (const { name, path } of declared) {
      if (name === 'bookings') continue;
      expect(path, name).toBe(ROUTE_PATHS[name]);
    }
    const declaredNames = new Set(declared.map((route) => route.name));
    for (const name of Object.keys(ROUTE_PATHS)) expect(declaredNames.has(name as RouteName), name).toBe(true);
  });

  it('has one booking list per status, all named bookings', () => {
    const lists = namedRoutes(routes).filter((route) => route.name === 'bookings');
    expect(lists.map((route) => route.path)).toEqual(
      BOOKING_LIST_SLUGS.map((slug) => pathTo('bookings', { status: slug })),
    );
    expect(BOOKING_LIST_SLUGS).toEqual(['pending', 'in-progress', 'completed', 'canceled', 'expired']);
  });

  it('builds links by name', () => {
    expect(pathTo('home')).toBe('/');
    expect(pathTo('dashboard')).toBe('/dashboard');
    expect(pathTo('single-booking', { bookingId: 12 })).toBe('/bookings/12');
    expect(pathTo('single-flight-summary', { flightId: '7' })).toBe('/flights/7/summary');
    expect(pathTo('single-ticket-template-preview', { ticketTemplateId: 3 })).toBe(
      '/settings/ticket-templates/3/preview',
    );
    expect(pathTo('reset-password', undefined, { token: 'a b', email: 'x@y.fr' })).toBe(
      '/auth/reset-password?token=a+b&email=x%40y.fr',
    );
  });

  it('refuses to build a link with a missing parameter', () => {
    expect(() => pathTo('single-flight', { flightId: '' })).toThrow(/flightId/);
  });
});
