import {
  balloonUpdateSchema,
  bookingUpdateSchema,
  locationUpdateSchema,
  passengerUpdateSchema,
  pilotUpdateSchema,
} from '@app/domain';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { balloonsConfig } from '../../features/balloons/balloons.config';
import { BILLING_SECTIONS, GENERAL_SECTIONS, PASSENGER_SECTIONS } from '../../features/bookings/booking-forms';
import { locationsConfig } from '../../features/locations/locations.config';
import { pilotsConfig } from '../../features/pilots/pilots.config';
import type { FormSection } from './types';

// Issue 26: a number input of a record dialog offers exactly the range the server accepts (domain BOUNDS).

const forms: [string, FormSection[], z.ZodType][] = [
  ['balloon', balloonsConfig.sections, balloonUpdateSchema],
  ['location', locationsConfig.sections, locationUpdateSchema],
  ['pilot', pilotsConfig.sections, pilotUpdateSchema],
  ['booking', [...GENERAL_SECTIONS, ...BILLING_SECTIONS], bookingUpdateSchema],
  ['passenger', PASSENGER_SECTIONS, passengerUpdateSchema],
];

describe('number inputs of the record dialogs', () => {
  it.each(forms)('%s: min and max are the ends the server accepts', (_, sections, schema) => {
    const fields = sections.flatMap((section) => section.fields).filter((field) => field.kind === 'number');
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      if (field.kind !== 'number') continue;
      const { name, min, max } = field;
      expect(min, name).toBeTypeOf('number');
      expect(max, name).toBeTypeOf('number');
      expect(schema.safeParse({ [name]: min }).success, `${name} = ${min}`).toBe(true);
      expect(schema.safeParse({ [name]: max }).success, `${name} = ${max}`).toBe(true);
      expect(schema.safeParse({ [name]: (min as number) - 1 }).success, `${name} below`).toBe(false);
      expect(schema.safeParse({ [name]: (max as number) + 1 }).success, `${name} above`).toBe(false);
    }
  });
});
