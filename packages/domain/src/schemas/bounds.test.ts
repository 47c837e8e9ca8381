import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../index.js';
import {
  balloonCreateSchema,
  balloonUpdateSchema,
  bookingUpdateSchema,
  flightUpdateSchema,
  locationUpdateSchema,
  passengerUpdateSchema,
  pilotUpdateSchema,
} from '../index.js';
import { BOUNDS, type Bound, boundMessage, isWithinBound } from './bounds.js';
import { CONTROL_CHARACTER, isCleanText, optionalText, requiredText, withoutBidiControls } from './common.js';

// Issue 26: every number a write carries has a range, and one-line texts refuse bidirectional controls.

const errorsOf = (schema: z.ZodType, input: unknown): Record<string, string[]> => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
};

describe('bound messages', () => {
  it('name the range and the unit, in French', () => {
    expect(boundMessage(BOUNDS.passengerWeight)).toBe('Le poids doit être compris entre 1 et 300 kg.');
    expect(boundMessage(BOUNDS.altitude)).toBe("L'altitude doit être comprise entre -500 et 10\u202f000 m.");
    expect(boundMessage(BOUNDS.bookingPassengers)).toBe('Le nombre de passagers doit être compris entre 1 et 100.');
    expect(boundMessage(BOUNDS.amount)).toBe('Le montant doit être compris entre 0 et 1\u202f000\u202f000 €.');
  });

  it('isWithinBound refuses what is outside, fractional where whole, non-finite, or beyond the decimals', () => {
    expect(isWithinBound(80.5, BOUNDS.passengerWeight)).toBe(true);
    expect(isWithinBound(-400, BOUNDS.passengerWeight)).toBe(false);
    expect(isWithinBound(Number.POSITIVE_INFINITY, BOUNDS.passengerWeight)).toBe(false);
    expect(isWithinBound(Number.NaN, BOUNDS.passengerWeight)).toBe(false);
    expect(isWithinBound(12.5, BOUNDS.passengerAge)).toBe(false);
    expect(isWithinBound(189.9, BOUNDS.amount)).toBe(true);
    expect(isWithinBound(10.005, BOUNDS.amount)).toBe(false);
  });
});

describe('bounded payload fields', () => {
  const cases: [string, string, z.ZodType, Bound][] = [
    ['passenger', 'weight', passengerUpdateSchema, BOUNDS.passengerWeight],
    ['passenger', 'age', passengerUpdateSchema, BOUNDS.passengerAge],
    ['pilot', 'weight', pilotUpdateSchema, BOUNDS.pilotWeight],
    ['pilot', 'bag_weight', pilotUpdateSchema, BOUNDS.bagWeight],
    ['balloon', 'passengers', balloonUpdateSchema, BOUNDS.balloonCapacity],
    ['balloon', 'takeoff_max_mass', balloonUpdateSchema, BOUNDS.takeoffMaxMass],
    ['balloon', 'landing_min_mass', balloonUpdateSchema, BOUNDS.balloonMass],
    ['balloon', 'empty_mass', balloonUpdateSchema, BOUNDS.balloonMass],
    ['balloon', 'market_mass', balloonUpdateSchema, BOUNDS.balloonMass],
    ['balloon', 'gas_mass', balloonUpdateSchema, BOUNDS.balloonMass],
    ['balloon', 'volume', balloonUpdateSchema, BOUNDS.volume],
    ['balloon', 'envelope_temperature', balloonUpdateSchema, BOUNDS.envelopeTemperature],
    ['balloon', 'hourly_consumption', balloonUpdateSchema, BOUNDS.hourlyConsumption],
    ['balloon', 'autonomy_time', balloonUpdateSchema, BOUNDS.duration],
    ['balloon', 'flying_time', balloonUpdateSchema, BOUNDS.duration],
    ['balloon', 'reserve_time', balloonUpdateSchema, BOUNDS.duration],
    ['flight', 'takeoff_temperature', flightUpdateSchema, BOUNDS.takeoffTemperature],
    ['flight', 'flight_max_altitude', flightUpdateSchema, BOUNDS.altitude],
    ['location', 'takeoff_altitude', locationUpdateSchema, BOUNDS.altitude],
    ['location', 'flight_max_altitude', locationUpdateSchema, BOUNDS.altitude],
    ['booking', 'passengers_number', bookingUpdateSchema, BOUNDS.bookingPassengers],
    ['booking', 'paid_amount', bookingUpdateSchema, BOUNDS.amount],
    ['booking', 'total_amount', bookingUpdateSchema, BOUNDS.amount],
    ['booking', 'remaining_amount', bookingUpdateSchema, BOUNDS.amount],
  ];

  it.each(cases)('%s %s: both ends accepted, one step past each refused with the range', (_, field, schema, bound) => {
    const step = bound.isInteger ? 1 : 0.01;
    expect(errorsOf(schema, { [field]: bound.min })).toEqual({});
    expect(errorsOf(schema, { [field]: bound.max })).toEqual({});
    expect(errorsOf(schema, { [field]: bound.min - step })).toEqual({ [field]: [boundMessage(bound)] });
    expect(errorsOf(schema, { [field]: bound.max + step })).toEqual({ [field]: [boundMessage(bound)] });
    expect(errorsOf(schema, { [field]: 1e308 })).toEqual({ [field]: [boundMessage(bound)] });
    expect(errorsOf(schema, { [field]: Number.POSITIVE_INFINITY })[field]).toBeDefined();
  });

  it('refuses a passenger of -400 kg with the message of the issue', () => {
    expect(errorsOf(passengerUpdateSchema, { weight: -400 })).toEqual({
      weight: ['Le poids doit être compris entre 1 et 300 kg.'],
    });
    expect(errorsOf(passengerUpdateSchema, { age: 12.5 })).toEqual({ age: ['Nombre entier attendu.'] });
    expect(errorsOf(balloonCreateSchema, { label: 'B', passengers: 4, takeoff_max_mass: 1e308 })).toEqual({
      takeoff_max_mass: ['La masse doit être comprise entre 1 et 20\u202f000 kg.'],
    });
  });

  it('leaves no field of any payload schema open to a huge or hugely negative number', () => {
    const schemas = Object.entries(domain).filter(
      (entry): entry is [string, z.ZodObject] => entry[0].endsWith('Schema') && entry[1] instanceof z.ZodObject,
    );
    expect(schemas.length).toBeGreaterThan(30);
    for (const [name, schema] of schemas) {
      for (const field of Object.keys(schema.shape)) {
        for (const value of [1e308, -1e308]) {
          expect(errorsOf(schema, { [field]: value })[field], `${name}.${field} = ${value}`).toBeDefined();
        }
      }
    }
  });
});

describe('bidirectional controls', () => {
  const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
  const MARKS = ['\u200e', '\u200f', '\u061c'];

  it.each(
    [...BIDI, ...MARKS].map((c) => [`U+${c.charCodeAt(0).toString(16).toUpperCase()}`, c]),
  )('refuses %s in a one-line field, keeps it in a multi-line one', (_, c) => {
    expect(isCleanText(`Dupont${c}tnoD`)).toBe(false);
    expect(errorsOf(requiredText(), `Jean${c}`)).toEqual({ '': [CONTROL_CHARACTER] });
    expect(errorsOf(optionalText(), `Jean${c}`)).toEqual({ '': [CONTROL_CHARACTER] });
    expect(errorsOf(passengerUpdateSchema, { last_name: `\u202e${c}nossuM` })).toEqual({
      last_name: [CONTROL_CHARACTER],
    });
    expect(isCleanText(`Ligne 1${c}\nLigne 2`, { isMultiline: true })).toBe(true);
  });

  it('keeps the letters of right-to-left scripts and the neighbours of the refused range', () => {
    expect(isCleanText('שלום عربي')).toBe(true);
    // Just outside the refused ranges: a hyphen (U+2010), French's narrow space (U+202F), superscript zero (U+2070).
    expect(isCleanText('Jean\u2010Luc 1\u202f000 m\u2070')).toBe(true);
  });

  it('withoutBidiControls takes them out of a text from outside', () => {
    expect(withoutBidiControls('Jean\u202eLuc\u200f\u2066')).toBe('JeanLuc');
  });
});
