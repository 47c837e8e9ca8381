import { describe, expect, it } from 'vitest';
import { computeFieldMasses, fieldSyncSchema, sameFieldValue } from './field.js';

// Issue 31: the boarding's masses on the device and the sync's payload.

const inputs = {
  pilot_weight: 75,
  pilot_bag_weight: 10,
  has_balloon: true,
  empty_mass: 380,
  gas_mass: 90,
  volume: 3000,
  envelope_temperature: 100,
  takeoff_max_mass: 1500,
  flight_max_altitude: 1000,
  takeoff_altitude: 200,
  passenger_allowance: 7,
};

describe('computeFieldMasses', () => {
  it('counts the passengers not marked absent, with the allowance, against the maximum takeoff mass calculator', () => {
    const passengers = [
      { weight: 64.5, is_present: 1 as const },
      { weight: 95, is_present: null },
      { weight: 80, is_present: 0 as const },
    ];
    const masses = computeFieldMasses(inputs, passengers, 15);
    expect(masses).toMatchObject({ count: 2, passengers_weight: 159.5, allowance: 14, pilot: 85, total: 728.5 });
    expect(masses.max_takeoff_mass).toBe(802);
    expect(masses.margin).toBe(73.5);
    // A hot morning: less lift, a negative margin.
    expect(computeFieldMasses(inputs, passengers, 32).margin).toBeLessThan(0);
  });

  it('gives no total and no margin without a pilot weight, no maximum without a temperature', () => {
    expect(computeFieldMasses({ ...inputs, pilot_weight: null }, [], 15)).toMatchObject({ total: null, margin: null });
    expect(computeFieldMasses(inputs, [], null)).toMatchObject({ max_takeoff_mass: null, margin: null });
  });
});

describe('fieldSyncSchema', () => {
  const base = { id: 'abcdef12-3456', flight_id: 1 };
  it('normalises times and texts, and refuses what the field may not write', () => {
    const parsed = fieldSyncSchema.parse({
      operations: [
        { ...base, field: 'takeoff_time', base: null, value: '06:42' },
        { ...base, id: 'abcdef12-3457', field: 'landing_place', base: '', value: '  Pré  ' },
      ],
    });
    expect(parsed.operations.map((o) => o.value)).toEqual(['06:42:00', 'Pré']);
    expect(parsed.operations[1]!.base).toBeNull();
    expect(
      fieldSyncSchema.safeParse({ operations: [{ ...base, field: 'pilot_id', base: null, value: 1 }] }).success,
    ).toBe(false);
    expect(
      fieldSyncSchema.safeParse({ operations: [{ ...base, field: 'weight', passenger_id: 3, base: 60, value: 0 }] })
        .success,
    ).toBe(false);
  });

  it('compares values as stored by either engine', () => {
    expect(sameFieldValue('weight', '80.50', 80.5)).toBe(true);
    expect(sameFieldValue('takeoff_time', '06:42:00', '06:42')).toBe(true);
    expect(sameFieldValue('remarks', '', null)).toBe(true);
    expect(sameFieldValue('is_present', 0, null)).toBe(false);
  });
});
