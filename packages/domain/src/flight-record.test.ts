import { describe, expect, it } from 'vitest';
import { isBeforeSchedule, realizedEarlyWarning } from './flight-record.js';

describe('flight record (issue 27)', () => {
  it('tells whether the flight is still ahead of now, to the minute, in local time', () => {
    const now = new Date(2031, 5, 12, 7, 0, 30);
    expect(isBeforeSchedule('2031-06-12', '07:01:00', now)).toBe(true);
    expect(isBeforeSchedule('2031-06-13', '05:00:00', now)).toBe(true);
    expect(isBeforeSchedule('2031-06-12', '07:00:00', now)).toBe(false);
    expect(isBeforeSchedule('2031-06-11', '18:00:00', now)).toBe(false);
  });

  it('words the warning with the French date and the time', () => {
    expect(realizedEarlyWarning('2031-06-12', '07:00:00')).toBe(
      'Ce vol est prévu le 12/06/2031 à 07:00 : il n’a pas encore eu lieu. Vérifiez qu’il a bien volé avant de le passer en « Réalisé ».',
    );
  });
});
