import { z } from 'zod';
import { BOUNDS, type Bound, boundMessage, hasAtMostDecimals } from './bounds.js';

// Building blocks of the payload schemas (create/update per entity), with French messages. Shared by the
// server (it validates every write with them, 422 on failure) and the web (forms).
// Conventions: optional texts turn '' into null; switches are 0/1 (true/false accepted); times get seconds.

export const REQUIRED = 'Ce champ est obligatoire.';
export const UNKNOWN_FIELD = 'Champ non autorisé.';

type Issue = { input?: unknown };
const withRequired = (invalid: string) => ({
  error: (issue: Issue) => (issue.input === undefined || issue.input === null ? REQUIRED : invalid),
});
const maxLength = (max: number) => `${max} caractères au maximum.`;

// Control characters (C0, DEL): never in a one-line field (a CR/LF in a mail subject forges headers); a
// multi-line text (notes, descriptions, addresses) keeps its line breaks and tabs, nothing else.
// Bidirectional controls (embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069, marks U+200E, U+200F,
// U+061C) are refused in one-line fields too: a name holding U+202E shows reversed, posing as another (issue 26).
// A multi-line text keeps them: right-to-left writing in a note needs its marks, and a note names nobody.
export const CONTROL_CHARACTER = 'Caractère de contrôle non autorisé.';
export type TextOptions = { isMultiline?: boolean };
const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The text without its bidirectional controls (text from outside, cleaned rather than refused: the online shop). */
export const withoutBidiControls = (value: string): string => value.replace(BIDI_CONTROLS, '');
const isBidiControl = (code: number): boolean =>
  code === 0x061c ||
  code === 0x200e ||
  code === 0x200f ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);
/** True when the text holds no control character a field of that kind refuses. */
export function isCleanText(value: string, options: TextOptions = {}): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0x20 && code !== 0x7f) {
      if (!options.isMultiline && code >= 0x061c && isBidiControl(code)) return false;
      continue;
    }
    if (options.isMultiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return false;
  }
  return true;
}

const text = (max: number, options: TextOptions) =>
  z
    .string(withRequired('Texte attendu.'))
    .refine((v) => isCleanText(v, options), CONTROL_CHARACTER)
    .trim()
    .max(max, maxLength(max));

/** A required, non-empty text (trimmed), one line unless `isMultiline`. */
export const requiredText = (max = 255, options: TextOptions = {}) => text(max, options).min(1, REQUIRED);

/** An optional text: absent leaves it unchanged, '' or null clears it. One line unless `isMultiline`. */
export const optionalText = (max = 255, options: TextOptions = {}) =>
  text(max, options)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const optionalEmail = () =>
  z
    .string(withRequired('Texte attendu.'))
    .trim()
    .max(255, maxLength(255))
    .refine((v) => v === '' || (EMAIL.test(v) && isCleanText(v)), 'Adresse e-mail invalide.')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const id = () => z.int(withRequired('Identifiant invalide.')).positive('Identifiant invalide.');
export const optionalId = () => id().nullable().optional();
/** A list of ids (many-to-many writes); duplicates are dropped. */
export const idList = () =>
  z.array(id(), withRequired("Liste d'identifiants attendue.")).transform((ids) => [...new Set(ids)]);

export const integer = (min = 0) =>
  z.int(withRequired('Nombre entier attendu.')).min(min, `La valeur doit être supérieure ou égale à ${min}.`);

export const number = () => z.number(withRequired('Nombre attendu.'));

// A stored quantity is never a bare number(): it goes through bounded() with its range of bounds.ts (issue 26).
/** A number inside `bound` (bounds.ts); out of it, the French message naming the range. Never Infinity or NaN. */
export const bounded = (bound: Bound) => {
  const wholeMessage = 'Nombre entier attendu.';
  // Out of range, that message alone (abort): 1e308 is not also "too many decimals" or "not a safe integer".
  const outside = { error: boundMessage(bound), abort: true };
  const schema = z
    .number(withRequired(bound.isInteger ? wholeMessage : 'Nombre attendu.'))
    .min(bound.min, outside)
    .max(bound.max, outside);
  return bound.isInteger ? schema.refine(Number.isInteger, wholeMessage) : schema;
};
export const optionalBounded = (bound: Bound) => bounded(bound).nullable().optional();

/** Money: 0 to 1,000,000 €, step 0.01: a third decimal is refused, not rounded away. */
export const optionalAmount = () =>
  bounded(BOUNDS.amount)
    .refine((v) => hasAtMostDecimals(v, BOUNDS.amount.decimals), 'Deux décimales au maximum.')
    .transform((v) => Math.round(v * 100) / 100)
    .nullable()
    .optional();

/** A switch: 1 or 0; true/false are accepted and stored as 1/0. */
export const flag = () =>
  z
    .union([z.literal(0), z.literal(1), z.boolean()], withRequired('La valeur doit être 0 ou 1.'))
    .transform((v) => (v === true || v === 1 ? 1 : 0));

/** A real calendar date written YYYY-MM-DD. */
export const isCalendarDate = (value: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
};
export const date = () =>
  z.string(withRequired('Date attendue (AAAA-MM-JJ).')).refine(isCalendarDate, 'Date invalide (AAAA-MM-JJ).');
export const optionalDate = () =>
  z
    .string(withRequired('Date attendue (AAAA-MM-JJ).'))
    .refine((v) => v === '' || isCalendarDate(v), 'Date invalide (AAAA-MM-JJ).')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
/** HH:mm or HH:mm:ss, stored HH:mm:ss (the web sends times with seconds). */
export const time = () =>
  z
    .string(withRequired('Heure attendue (HH:mm).'))
    .regex(TIME, 'Heure invalide (HH:mm).')
    .transform((v) => (v.length === 5 ? `${v}:00` : v));
export const optionalTime = () =>
  z
    .string(withRequired('Heure attendue (HH:mm).'))
    .refine((v) => v === '' || TIME.test(v), 'Heure invalide (HH:mm).')
    .transform((v) => (v === '' ? null : v.length === 5 ? `${v}:00` : v))
    .nullable()
    .optional();

/** An object that refuses unknown keys (422 naming each). */
export const payload = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? UNKNOWN_FIELD : 'Objet attendu.'),
  });
