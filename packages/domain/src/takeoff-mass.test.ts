import { describe, expect, it } from 'vitest';
import { computeTakeoffMass } from './takeoff-mass.js';

describe('computeTakeoffMass (maximum takeoff mass calculator)', () => {
  it('computes the spec example: 15 °C, 1000 m max, 200 m takeoff, 3000 m³, 100 °C envelope', () => {
    // outside = 15 − 0.0065 × (1000 − 200) = 15 − 5.2 = 9.8 °C
    // base = 1 − 0.0065 × 1000 / 288.16 = 1 − 6.5 / 288.16 = 1 − 0.02255691 = 0.97744309
    // ln(base) = −(x + x²/2 + x³/3 + x⁴/4), x = 0.02255691
    //          = −(0.02255691 + 0.00025441 + 0.00000383 + 0.00000006) = −0.02281521
    // base^5.256 = exp(5.256 × −0.02281521) = exp(−0.11991674) = 0.88692044 × 1.00008326 = 0.88699428
    // pressure = 1013.25 × 0.88699428 = 886.99428 + 11.75267 = 898.74695 hPa → 898.75
    // 1/(9.8 + 273.16) = 1/282.96 = 0.00353406842 ; 1/(100 + 273.16) = 1/373.16 = 0.00267981563
    // difference = 0.00085425279
    // lift = 0.3484 × 3000 × 898.74695 × 0.00085425279 = 1045.2 × 898.74695 × … = 939370.31 × 0.00085425279
    //      = 798.4648 + 3.9949 = 802.4597 kg → 802
    expect(
      computeTakeoffMass({
        groundTemperature: 15,
        maxAltitude: 1000,
        takeoffAltitude: 200,
        volume: 3000,
        envelopeTemperature: 100,
      }),
    ).toEqual({ outsideTemperature: 9.8, pressure: 898.75, lift: 802 });
  });

  it('at sea level the pressure is exactly 1013.25 hPa', () => {
    // base = 1 − 0 = 1 → pressure = 1013.25; outside = 15 °C → 288.16 K
    // 1/288.16 = 0.00347029428 ; 1/373.16 = 0.00267981563 ; difference = 0.00079047865
    // lift = 0.3484 × 3000 × 1013.25 × 0.00079047865 = 1059048.9 × 0.00079047865 = 836.6486 + 0.5069 = 837.1555 → 837
    expect(
      computeTakeoffMass({
        groundTemperature: 15,
        maxAltitude: 0,
        takeoffAltitude: 0,
        volume: 3000,
        envelopeTemperature: 100,
      }),
    ).toEqual({ outsideTemperature: 15, pressure: 1013.25, lift: 837 });
  });

  it('rounds only the displayed values: lift comes from the unrounded pressure', () => {
    // 18 °C, 2000 m max, 400 m takeoff, 3400 m³, 100 °C envelope
    // outside = 18 − 0.0065 × 1600 = 18 − 10.4 = 7.6 °C → 280.76 K
    // base = 1 − 13 / 288.16 = 0.95488617 ; ln = −0.04616313 ; × 5.256 = −0.24263343
    // base^5.256 = exp(−0.24263343) = 0.78662786 × 0.99737004 = 0.78455906 → pressure = 794.95446 hPa → 794.95
    // 1/280.76 = 0.0035617609 ; − 1/373.16 = 0.0008819453
    // lift = 0.3484 × 3400 × 794.95446 × 0.0008819453 = 941671.26 × 0.0008819453 = 830.5025 → 831
    // (with the rounded pressure 794.95 it would be 830.4979 → 830)
    expect(
      computeTakeoffMass({
        groundTemperature: 18,
        maxAltitude: 2000,
        takeoffAltitude: 400,
        volume: 3400,
        envelopeTemperature: 100,
      }),
    ).toEqual({ outsideTemperature: 7.6, pressure: 794.95, lift: 831 });
  });

  it('rounds a negative outside temperature to 2 decimals', () => {
    // outside = −5 − 0.0065 × (1500 − 137) = −5 − 8.8595 = −13.8595 → −13.86
    const result = computeTakeoffMass({
      groundTemperature: -5,
      maxAltitude: 1500,
      takeoffAltitude: 137,
      volume: 4000,
      envelopeTemperature: 110,
    });
    expect(result?.outsideTemperature).toBe(-13.86);
  });

  it('never shows −0 after rounding', () => {
    const result = computeTakeoffMass({
      groundTemperature: -0.004,
      maxAltitude: 0,
      takeoffAltitude: 0,
      volume: 3000,
      envelopeTemperature: 100,
    });
    expect(Object.is(result?.outsideTemperature, 0)).toBe(true);
  });

  it('gives 0 kg when the envelope is not hotter than the outside air', () => {
    const base = { groundTemperature: 15, maxAltitude: 1000, takeoffAltitude: 200, volume: 3000 };
    // outside at 1000 m is 9.8 °C: an envelope at 9.8 °C lifts nothing, a colder one would "lift" negatively
    expect(computeTakeoffMass({ ...base, envelopeTemperature: 9.8 })).toEqual({
      outsideTemperature: 9.8,
      pressure: 898.75,
      lift: 0,
    });
    expect(computeTakeoffMass({ ...base, envelopeTemperature: 0 })?.lift).toBe(0);
    expect(computeTakeoffMass({ ...base, envelopeTemperature: 100, volume: 0 })?.lift).toBe(0);
  });

  it('returns null for missing inputs or inputs outside the formulas', () => {
    const full = {
      groundTemperature: 15,
      maxAltitude: 1000,
      takeoffAltitude: 200,
      volume: 3000,
      envelopeTemperature: 100,
    };
    for (const key of Object.keys(full) as (keyof typeof full)[]) {
      expect(computeTakeoffMass({ ...full, [key]: null }), key).toBeNull();
      expect(computeTakeoffMass({ ...full, [key]: undefined }), key).toBeNull();
      expect(computeTakeoffMass({ ...full, [key]: Number.NaN }), key).toBeNull();
    }
    expect(computeTakeoffMass({ ...full, maxAltitude: 50000 })).toBeNull();
    expect(computeTakeoffMass({ ...full, envelopeTemperature: -300 })).toBeNull();
  });
});
