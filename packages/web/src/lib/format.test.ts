import { describe, expect, test } from 'vitest';
import {
  formatAmount,
  formatDate,
  formatDayMonth,
  formatDayOfWeek,
  formatLongDate,
  formatMonth,
  formatNumber,
  formatShortDay,
  formatStamp,
  formatTime,
  formatWeekdayShort,
} from './format';

// The formats are written by hand so that a first visit does not load the locale data; Intl's fr-FR is the reference.
const intlAmount = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const intlDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const intlShortDay = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const intlLongDate = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const intlDayOfWeek = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const intlDayMonth = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const intlMonth = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const intlWeekdayShort = new Intl.DateTimeFormat('fr-FR', { weekday: 'short', timeZone: 'UTC' });

describe('amounts', () => {
  test('write what Intl writes, sign, grouping, rounding and the euro sign included', () => {
    const samples = [
      0,
      -0,
      0.004,
      0.005,
      -0.001,
      0.1 + 0.2,
      1,
      1.005,
      1.015,
      2.675,
      9.995,
      10,
      99.999,
      120.5,
      999.995,
      1000,
      1234.5,
      12_345.678,
      123_456.785,
      1_000_000,
      987_654_321.12,
      -5,
      -1234.565,
      -0.5,
      1e-7,
      4.35,
      8.345,
      0.045,
    ];
    // And a spread of amounts as staff type and compute them (prices with cents, totals, refunds).
    let seed = 7;
    for (let i = 0; i < 3000; i++) {
      seed = (seed * 16_807) % 2_147_483_647;
      const magnitude = 10 ** (seed % 8);
      samples.push(((seed % 2 ? -1 : 1) * Math.round((seed / 2_147_483_647) * magnitude * 1000)) / 1000);
    }
    for (const amount of samples) expect(formatAmount(amount), String(amount)).toBe(intlAmount.format(amount));
  });

  test('nothing writes nothing; what is not a finite amount is left to Intl', () => {
    expect(formatAmount(null)).toBe('');
    expect(formatAmount(undefined)).toBe('');
    expect(formatAmount(Number.NaN)).toBe(intlAmount.format(Number.NaN));
    expect(formatAmount(1e16)).toBe(intlAmount.format(1e16));
  });
});

describe('dates', () => {
  test("every day of four years, in each of the screens' writings, as Intl writes them", () => {
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2028, 0, 1); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      expect(formatDate(day)).toBe(intlDate.format(new Date(time)));
      expect(formatLongDate(day)).toBe(intlLongDate.format(new Date(time)));
      expect(formatShortDay(day)).toBe(intlShortDay.format(new Date(time)));
      expect(formatDayOfWeek(day)).toBe(intlDayOfWeek.format(new Date(time)));
      expect(formatDayMonth(day)).toBe(intlDayMonth.format(new Date(time)));
      expect(formatMonth(day)).toBe(intlMonth.format(new Date(time)));
      expect(formatWeekdayShort(day)).toBe(intlWeekdayShort.format(new Date(time)));
    }
  });

  test('a timestamp writes its day as stored; nothing writes nothing; times lose their seconds', () => {
    expect(formatDate('2026-06-20T23:30:00Z')).toBe('20/06/2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatLongDate('2026-06-20')).toBe('samedi 20 juin 2026');
    expect(formatDayOfWeek('2026-11-28')).toBe('samedi 28 novembre');
    expect(formatTime('07:30:00')).toBe('07:30');
    expect(formatTime(null)).toBe('');
  });
});

describe('numbers and instants', () => {
  test('numbers with at most 0, 1 or 2 decimals write what Intl writes', () => {
    const samples = [0, -0, 0.004, 0.005, -0.004, 0.1 + 0.2, 1, 1.005, 1.05, 2.675, 9.995, 10, 99.95, 1234.5];
    samples.push(-1234.567, 12_345_678.9, 1e14 + 0.5, 0.45, 0.55, -0.5, 1.25, 2.5, 1e-7, 123_456.789);
    for (let i = 0; i < 3000; i++) samples.push(Math.round((i * 7919.37) % 250_000) / 100 - 500);
    for (const digits of [0, 1, 2]) {
      const intl = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits });
      for (const value of samples) expect(formatNumber(value, digits), `${value} (${digits})`).toBe(intl.format(value));
    }
  });

  test("an instant is written as Intl's short date and time in the browser's zone", () => {
    const intl = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2027, 0, 1); time += 3_600_000 * 7 + 60_000 * 13) {
      expect(formatStamp(new Date(time).toISOString())).toBe(intl.format(new Date(time)));
    }
    expect(formatStamp('pas une date')).toBe('');
  });
});
