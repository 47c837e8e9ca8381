import { describe, expect, it } from 'vitest';
import {
  availabilityState,
  dayPeriod,
  flightAvailabilityDisplay,
  isMorning,
  listedName,
  passengerCounterDisplay,
  pendingPassengers,
  totalWeightColor,
} from './display.js';

describe('flight availability', () => {
  it('maps a planned flight’s seats at every threshold', () => {
    expect(flightAvailabilityDisplay('planned', null)).toEqual({ state: 'unknown', color: 'disabled' });
    expect(flightAvailabilityDisplay('planned', undefined)).toEqual({ state: 'unknown', color: 'disabled' });
    expect(flightAvailabilityDisplay('planned', -1)).toEqual({ state: 'full', color: 'danger' });
    expect(flightAvailabilityDisplay('planned', 0)).toEqual({ state: 'full', color: 'danger' });
    expect(flightAvailabilityDisplay('planned', 1)).toEqual({ state: 'limited', color: 'warning' });
    expect(flightAvailabilityDisplay('planned', 2)).toEqual({ state: 'limited', color: 'warning' });
    expect(flightAvailabilityDisplay('planned', 3)).toEqual({ state: 'free', color: 'success' });
    expect(flightAvailabilityDisplay('planned', 12)).toEqual({ state: 'free', color: 'success' });
  });

  it('colours realized flights green and postponed or canceled ones red, whatever the seats', () => {
    for (const seats of [null, 0, 1, 5]) {
      expect(flightAvailabilityDisplay('realized', seats).color).toBe('success');
      expect(flightAvailabilityDisplay('weather-postponed', seats).color).toBe('danger');
      expect(flightAvailabilityDisplay('canceled', seats).color).toBe('danger');
    }
    expect(flightAvailabilityDisplay('realized', 0).state).toBe('full');
  });

  it('greys out an unknown status', () => {
    expect(flightAvailabilityDisplay('draft', 5)).toEqual({ state: 'free', color: 'disabled' });
  });

  it('availabilityState alone', () => {
    expect([null, 0, 1, 2, 3].map(availabilityState)).toEqual(['unknown', 'full', 'limited', 'limited', 'free']);
  });
});

describe('passenger counter against capacity', () => {
  it('uses danger at capacity, warning from capacity minus 2, success below', () => {
    expect(passengerCounterDisplay(7, 10)).toEqual({ color: 'success', exceedsCapacity: false });
    expect(passengerCounterDisplay(8, 10)).toEqual({ color: 'warning', exceedsCapacity: false });
    expect(passengerCounterDisplay(9, 10)).toEqual({ color: 'warning', exceedsCapacity: false });
    expect(passengerCounterDisplay(10, 10)).toEqual({ color: 'danger', exceedsCapacity: false });
    expect(passengerCounterDisplay(11, 10)).toEqual({ color: 'danger', exceedsCapacity: true });
  });

  it('is disabled without a balloon', () => {
    expect(passengerCounterDisplay(3, null)).toEqual({ color: 'disabled', exceedsCapacity: false });
    expect(passengerCounterDisplay(3, undefined)).toEqual({ color: 'disabled', exceedsCapacity: false });
  });

  it('handles small balloons', () => {
    expect(passengerCounterDisplay(0, 2)).toEqual({ color: 'warning', exceedsCapacity: false });
    expect(passengerCounterDisplay(1, 0)).toEqual({ color: 'danger', exceedsCapacity: true });
  });
});

describe('total weight against market_mass', () => {
  it('uses danger above, warning from 80 %, success below', () => {
    expect(totalWeightColor(799, 1000)).toBe('success');
    expect(totalWeightColor(800, 1000)).toBe('warning');
    expect(totalWeightColor(1000, 1000)).toBe('warning');
    expect(totalWeightColor(1000.5, 1000)).toBe('danger');
    expect(totalWeightColor(0, 1000)).toBe('success');
    expect(totalWeightColor(null, 1000)).toBe('success');
  });

  it('is exact at 80 % despite floating point', () => {
    expect(totalWeightColor(364, 455)).toBe('warning');
    expect(totalWeightColor(363.99, 455)).toBe('success');
    expect(0.8 * 455.5).not.toBe(364.4);
    expect(totalWeightColor(364.4, 455.5)).toBe('warning');
    expect(totalWeightColor(364.399, 455.5)).toBe('success');
  });

  it('is disabled without a usable market_mass', () => {
    expect(totalWeightColor(300, null)).toBe('disabled');
    expect(totalWeightColor(300, undefined)).toBe('disabled');
    expect(totalWeightColor(300, 0)).toBe('disabled');
  });
});

describe('pendingPassengers', () => {
  it('sums passengers_number', () => {
    expect(pendingPassengers([])).toBe(0);
    expect(pendingPassengers([{ passengers_number: 2 }, { passengers_number: 3 }, { passengers_number: null }])).toBe(
      5,
    );
  });
});

describe('morning / evening split at 12:00', () => {
  it('splits on the hour', () => {
    expect(isMorning('00:00')).toBe(true);
    expect(isMorning('06:30:00')).toBe(true);
    expect(isMorning('11:59:59')).toBe(true);
    expect(isMorning('12:00')).toBe(false);
    expect(isMorning('12:00:00')).toBe(false);
    expect(isMorning('19:45:00')).toBe(false);
    expect(dayPeriod('07:00')).toBe('morning');
    expect(dayPeriod('18:00')).toBe('evening');
  });

  it('throws on a malformed time', () => {
    for (const time of ['7:00', '24:00', '12:60', '', '12h00', '12:00:00.000']) {
      expect(() => isMorning(time), time).toThrow(TypeError);
    }
  });
});

describe('listedName', () => {
  it("reads 'NOM Prénom', in the order people lists are sorted", () => {
    expect(listedName({ first_name: 'Amélie', last_name: 'Lefèvre' })).toBe('LEFÈVRE Amélie');
    expect(listedName({ first_name: ' Éric ', last_name: "d'Orée" })).toBe("D'ORÉE Éric");
    expect(listedName({ first_name: 'Jean', last_name: null })).toBe('Jean');
  });
});
