import { z } from 'zod';
import {
  FIELD_FLIGHT_FIELDS,
  FIELD_MESSAGES,
  FIELD_PASSENGER_FIELDS,
  FIELD_SYNC_MAX_OPERATIONS,
  FIELD_TEXT_MAX,
  type FieldName,
  type FieldOperation,
  type FieldValue,
} from './field-day.js';
import { BOUNDS } from './schemas/bounds.js';
import { bounded, CONTROL_CHARACTER, isCleanText } from './schemas/common.js';

// The launch field's sync (POST /api/field/sync): the writes a device sends, checked and normalised. What the device
// itself needs (fields, labels, messages, masses) is in field-day.ts, without zod.
export * from './field-day.js';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const time = z
  .string()
  .regex(TIME, 'Heure invalide (HH:mm).')
  .transform((v) => (v.length === 5 ? `${v}:00` : v));
const line = (max: number) =>
  z
    .string()
    .max(max, `${max} caractères au maximum.`)
    .refine((v) => isCleanText(v), CONTROL_CHARACTER)
    .transform((v) => v.trim() || null);
const multiline = z
  .string()
  .max(FIELD_TEXT_MAX, `${FIELD_TEXT_MAX} caractères au maximum.`)
  .refine((v) => isCleanText(v, { isMultiline: true }), CONTROL_CHARACTER)
  .transform((v) => (v.trim() ? v : null));
const flag01 = z.union([z.literal(0), z.literal(1)], { error: 'La valeur doit être 0 ou 1.' });

/** The value schema of each field; null clears it (a check-in undone, a time erased). */
const VALUE_SCHEMAS: Record<FieldName, z.ZodType<FieldValue>> = {
  is_present: flag01.nullable(),
  is_briefed: flag01,
  weight: bounded(BOUNDS.passengerWeight).nullable(),
  takeoff_time: time.nullable(),
  landing_time: time.nullable(),
  takeoff_temperature: bounded(BOUNDS.takeoffTemperature).nullable(),
  takeoff_place: line(255).nullable(),
  // As the flight's own column (the flight file's logbook).
  landing_place: line(120).nullable(),
  remarks: multiline.nullable(),
  incidents: multiline.nullable(),
};

const CLIENT_ID = /^[A-Za-z0-9-]{8,64}$/;

const operationShape = z.strictObject({
  id: z.string().regex(CLIENT_ID, 'Identifiant de modification invalide.'),
  flight_id: z.int().positive('Identifiant invalide.'),
  passenger_id: z.int().positive('Identifiant invalide.').nullable().optional(),
  field: z.enum([...FIELD_PASSENGER_FIELDS, ...FIELD_FLIGHT_FIELDS], { error: 'Champ inconnu.' }),
  base: z.unknown(),
  value: z.unknown(),
});

/** A write checked and normalised (times with seconds, texts trimmed), or the French reason it is refused. */
const operationSchema = operationShape.transform((op, ctx) => {
  const schema = VALUE_SCHEMAS[op.field];
  const value = schema.safeParse(op.value ?? null);
  const base = schema.safeParse(op.base ?? null);
  if (!value.success) {
    for (const issue of value.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['value'] });
    return z.NEVER;
  }
  const isPassengerField = (FIELD_PASSENGER_FIELDS as readonly string[]).includes(op.field);
  if (isPassengerField && !op.passenger_id) {
    ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.passengerMissing, path: ['passenger_id'] });
    return z.NEVER;
  }
  return {
    id: op.id,
    flight_id: op.flight_id,
    passenger_id: isPassengerField ? (op.passenger_id ?? null) : null,
    field: op.field,
    // A base the device could not have seen (bad data) counts as unknown: the write then meets any office change.
    base: base.success ? base.data : null,
    value: value.data,
  } satisfies FieldOperation;
});

export const fieldSyncSchema = z.strictObject({
  operations: z
    .array(operationSchema)
    .min(1, 'Aucune modification.')
    .max(FIELD_SYNC_MAX_OPERATIONS, FIELD_MESSAGES.tooMany),
});
