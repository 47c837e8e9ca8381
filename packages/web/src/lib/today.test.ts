import { afterEach, describe, expect, it } from 'vitest';
import { operatorTimeZone, setOperatorTimeZone, today } from './today';

// The web's today is the operator's day (Europe/Paris unless the setting says otherwise), whatever the browser's zone.

describe('today', () => {
  afterEach(() => setOperatorTimeZone(null));

  it('reads the day in Paris by default: 23:30 UTC on 27 November is already the 28th there', () => {
    expect(operatorTimeZone()).toBe('Europe/Paris');
    expect(today(new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-28');
    expect(today(new Date('2026-11-27T22:30:00Z'))).toBe('2026-11-27');
  });

  it("follows the setting's zone, remembered on the device, and keeps Paris for an unknown name", () => {
    setOperatorTimeZone('America/Guadeloupe');
    expect(today(new Date('2026-11-28T02:00:00Z'))).toBe('2026-11-27');
    expect(localStorage.getItem('operator-time-zone')).toBe('America/Guadeloupe');
    setOperatorTimeZone('Mars/Olympus');
    expect(operatorTimeZone()).toBe('Europe/Paris');
  });
});
