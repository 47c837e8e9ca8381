import { describe, expect, it } from 'vitest';
import { dayByEuRule, dayIn, isTimeZone } from './calendar.js';

const ZONES = [
  'Europe/Paris',
  'Europe/Brussels',
  'Europe/Luxembourg',
  'Europe/Monaco',
  'Europe/Madrid',
  'Europe/Berlin',
  'Europe/Rome',
  'Europe/Amsterdam',
  'Europe/Zurich',
  'Europe/London',
];

describe('the day by the European summer-time rule', () => {
  it('agrees with the time zone database every day from 1996 to 2037, in summer and in winter', () => {
    for (const zone of ZONES) {
      const mismatches: string[] = [];
      const check = (t: number) => {
        const now = new Date(t);
        const byRule = dayByEuRule(zone, now);
        if (byRule !== dayIn(zone, now)) mismatches.push(`${now.toISOString()} ${byRule} ≠ ${dayIn(zone, now)}`);
      };
      // Between a zone's two possible midnights (summer and winter time), where a wrong offset gives a wrong day:
      // 22:30 UTC is past midnight in summer only at UTC+1, 23:30 UTC at UTC+0. The changes themselves happen at
      // 01:00 UTC, away from any midnight.
      for (let day = Date.UTC(1996, 0, 1); day < Date.UTC(2038, 0, 1); day += 86_400_000) {
        check(day + 22.5 * 3_600_000);
        check(day + 23.5 * 3_600_000);
      }
      expect(mismatches.slice(0, 3), zone).toEqual([]);
    }
  });

  it('answers nothing outside its zones and years: the database answers', () => {
    expect(dayByEuRule('America/Guadeloupe', new Date('2026-11-28T02:00:00Z'))).toBeNull();
    expect(dayByEuRule('Europe/Paris', new Date('1995-06-01T12:00:00Z'))).toBeNull();
    expect(dayByEuRule('Europe/Paris', new Date('2038-06-01T12:00:00Z'))).toBeNull();
    expect(dayByEuRule('Europe/Paris', new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-28');
  });

  it('knows its zones without asking the runtime, and still refuses an unknown name', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('America/Guadeloupe')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('constructor')).toBe(false);
  });
});
