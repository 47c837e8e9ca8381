import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../test-session';
import { navigationItems } from './navigation-items';
import { WAITING_REQUESTS_COUNT } from './open-booking-counts';

// Issue 11: the registration requests waiting for staff show as a count on 'Vols', which then opens the flights
// that have one.

describe('navigation counts', () => {
  const flights = (counts: Partial<Record<string, number>>) =>
    navigationItems(sessionFixture(), counts).find((item) => item.label === 'Vols');

  it('shows the waiting registration requests on Vols and leads to the flights that have one', () => {
    const item = flights({ [WAITING_REQUESTS_COUNT]: 3 });
    expect(item?.count).toBe(3);
    expect(item?.countLabel?.(3)).toBe("3 demandes d'inscription en attente");
    expect(item?.countLabel?.(1)).toBe("1 demande d'inscription en attente");
    expect(item?.to).toBe('/flights?requests=pending');
  });

  it('shows nothing and opens the plain flight list when none waits or the count is unknown', () => {
    for (const counts of [{ [WAITING_REQUESTS_COUNT]: 0 }, {}]) {
      const item = flights(counts);
      expect(item?.count).toBeUndefined();
      expect(item?.to).toBe('/flights');
    }
  });
});
