import { flightMinutes } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { balloonHoursBefore, flownHours } from '../../src/services/flight-compliance.js';

// A balloon's hours before a flight are read for hundreds of flights at once (a planning range, the dashboard): its
// flights are sorted once and each flight's hours found by a binary search. Checked here against the plain sum.

function plainHours(
  flown: {
    id: number;
    scheduled_date: string;
    scheduled_time: string;
    takeoff_time: string | null;
    landing_time: string | null;
  }[],
  at: { id?: number; scheduled_date: string; scheduled_time: string },
): number {
  const moment = `${at.scheduled_date}T${at.scheduled_time.slice(0, 5)}`;
  let minutes = 0;
  for (const f of flown) {
    if (f.id === at.id || `${f.scheduled_date}T${f.scheduled_time.slice(0, 5)}` >= moment) continue;
    minutes += flightMinutes(f.takeoff_time, f.landing_time) ?? 0;
  }
  return minutes / 60;
}

describe("a balloon's hours before a flight", () => {
  it('sums the realized flights strictly before its moment, never the flight itself, whatever the order given', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pad = (n: number) => String(n).padStart(2, '0');
    const flown = Array.from({ length: 400 }, (_, i) => {
      const hour = 5 + Math.floor(random() * 14);
      return {
        id: i + 1,
        // Few days, so that many flights share a day and some a time.
        scheduled_date: `2026-06-${pad(1 + Math.floor(random() * 20))}`,
        scheduled_time: `${pad(hour)}:${random() < 0.5 ? '00' : '30'}:00`,
        takeoff_time: random() < 0.1 ? null : `${pad(hour)}:10:00`,
        landing_time: `${pad(hour + 1)}:${pad(Math.floor(random() * 60))}:00`,
      };
    });
    const hours = flownHours(flown);
    const asked = [
      ...flown.slice(0, 60),
      { scheduled_date: '2026-06-10', scheduled_time: '07:00:00' },
      { scheduled_date: '2026-05-01', scheduled_time: '07:00:00' },
      { scheduled_date: '2026-07-01', scheduled_time: '07:00:00' },
      // A flight recorded earlier than it was planned: still not counted for itself.
      { id: 3, scheduled_date: '2026-07-01', scheduled_time: '06:00:00' },
    ];
    for (const at of asked) {
      const expected = 12.5 + plainHours(flown, at);
      expect(balloonHoursBefore(12.5, hours, at)).toBeCloseTo(expected, 9);
      expect(balloonHoursBefore(12.5, flown, at)).toBeCloseTo(expected, 9);
    }
    expect(balloonHoursBefore(null, [], { scheduled_date: '2026-06-10', scheduled_time: '07:00:00' })).toBe(0);
  });
});
