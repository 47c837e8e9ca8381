import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../../test/session';
import { navigationItems } from './navigation-items';
import { WAITING_REQUESTS_COUNT } from './open-booking-counts';

// The registration requests waiting for staff are their own entry under 'Vols', with their count; 'Vols' itself
// always leads to the whole flight list (a newcomer took the filtered list for all the operator's flights).

describe('navigation counts', () => {
  const flights = (counts: Partial<Record<string, number>>) =>
    navigationItems(sessionFixture(), counts).find((item) => item.label === 'Vols');

  it('lists the flights first and counts the waiting registration requests on their own entry', () => {
    const item = flights({ [WAITING_REQUESTS_COUNT]: 3 });
    expect(item?.to).toBe('/flights');
    expect(item?.children?.map((child) => [child.label, child.to])).toEqual([
      ['Liste des vols', '/flights'],
      ["Demandes d'inscription", '/flights?requests=pending'],
    ]);
    const requests = item?.children?.[1];
    expect(requests?.count).toBe(3);
    expect(requests?.countLabel?.(3)).toBe("3 demandes d'inscription en attente");
    expect(requests?.countLabel?.(1)).toBe("1 demande d'inscription en attente");
  });

  it('shows no count when none waits or the count is unknown', () => {
    for (const counts of [{ [WAITING_REQUESTS_COUNT]: 0 }, {}]) {
      const item = flights(counts);
      expect(item?.children?.[1]?.count).toBeUndefined();
      expect(item?.to).toBe('/flights');
    }
  });
});
