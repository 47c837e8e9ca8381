import { z } from 'zod';

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
export const CONTROL_CHARACTER = 'Caractère de contrôle non autorisé.';
export type TextOptions = { isMultiline?: boolean };
const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
/** True when the text holds no control character a field of that kind refuses. */
export function isCleanText(value: string, options: TextOptions = {}): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0x20 && code !== 0x7f) continue;
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
export const optionalInteger = (min = 0) => integer(min).nullable().optional();

export const number = () => z.number(withRequired('Nombre attendu.'));
export const optionalNumber = () => number().nullable().optional();
/** Money: non-negative, step 0.01 (SPEC §5.2): a third decimal is refused, not rounded away. */
export const optionalAmount = () =>
  number()
    .min(0, 'Le montant ne peut pas être négatif.')
    .max(10_000_000, 'Montant trop élevé.')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Deux décimales au maximum.')
    .transform((v) => Math.round(v * 100) / 100)
    .nullable()
    .optional();

/** A switch: 1 or 0 (SPEC §2.6); true/false are accepted and stored as 1/0. */
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
/** HH:mm or HH:mm:ss, stored HH:mm:ss (SPEC §5.2: times are sent with seconds). */
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
