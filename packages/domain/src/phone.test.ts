import { describe, expect, it } from 'vitest';
import { countryCodeLength, formatPhone } from './phone.js';

describe('formatPhone (spaced in pairs)', () => {
  it('groups a French number in pairs after stripping spaces, dots and dashes', () => {
    expect(formatPhone('0612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('06.12-34 56.78')).toBe('06 12 34 56 78');
    expect(formatPhone('  06 1 2345678 ')).toBe('06 12 34 56 78');
    expect(formatPhone('06\u00a012\t34-56.78')).toBe('06 12 34 56 78');
    expect(formatPhone('061234567')).toBe('06 12 34 56 7');
    expect(formatPhone('0033612345678')).toBe('00 33 61 23 45 67 8');
  });

  it('writes +33 as the country code, the first digit alone, then pairs', () => {
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('+33 6.12.34.56.78')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('+33 0612345678')).toBe('+33 06 12 34 56 78');
  });

  it('finds 1-, 2- and 3-digit country codes and pairs the rest', () => {
    expect(formatPhone('+4915112345678')).toBe('+49 15 11 23 45 67 8');
    expect(formatPhone('+352621123456')).toBe('+352 62 11 23 45 6');
    expect(formatPhone('+262692123456')).toBe('+262 69 21 23 45 6');
    expect(formatPhone('+15145550123')).toBe('+1 51 45 55 01 23');
    expect(formatPhone('+74951234567')).toBe('+7 49 51 23 45 67');
    expect(countryCodeLength('33612')).toBe(2);
    expect(countryCodeLength('1514')).toBe(1);
    expect(countryCodeLength('3526')).toBe(3);
    expect(countryCodeLength('212')).toBe(3);
  });

  it('leaves anything it does not understand as typed', () => {
    for (const input of [
      '06 12 34 56 78 poste 12',
      '+33 (0)6 12 34 56 78',
      '06/12/34/56/78',
      '33+612',
      '++33',
      'inconnu',
    ]) {
      expect(formatPhone(input)).toBe(input);
    }
    expect(formatPhone('  ext. 12 ')).toBe('ext. 12');
  });

  it('handles empty and partial input', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone(' - . ')).toBe('');
    expect(formatPhone('+')).toBe('+');
    expect(formatPhone('+3')).toBe('+3');
    expect(formatPhone('+33')).toBe('+33');
    expect(formatPhone('+336')).toBe('+33 6');
  });

  it('is idempotent and stable while typing, digit by digit', () => {
    for (const full of ['0612345678', '+33612345678', '+4915112345678', '+352621123456', '+15145550123']) {
      let previous = '';
      for (let i = 1; i <= full.length; i++) {
        const shown = formatPhone(full.slice(0, i));
        expect(formatPhone(shown), shown).toBe(shown);
        expect(shown.startsWith(previous), `${previous} → ${shown}`).toBe(true);
        // Typing the next digit after what is shown gives the same as typing the raw digits.
        expect(formatPhone(previous + full.charAt(i - 1))).toBe(shown);
        previous = shown;
      }
    }
  });

  it('keeps every digit and the plus sign', () => {
    for (const input of ['06.12-34 56.78', '+33 6 12 34 56 78', '+352 621 123 456']) {
      expect(formatPhone(input).replace(/ /g, '')).toBe(input.replace(/[\s.-]/g, ''));
    }
  });
});
