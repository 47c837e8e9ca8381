import {
  BOUNDS,
  type Bound,
  boundMessage,
  companyAddressProblem,
  isCleanText,
  isTimeZone,
  isWebsite,
  isWithinBound,
  normalizeCompanyAddress,
  SECRET_SETTINGS,
  SETTING_DEFAULTS,
  type SettingKey,
  type SettingRow,
  SU_ONLY_SETTINGS,
  WEBSITE_INVALID,
} from '@app/domain';
import type { Kysely } from 'kysely';
import { setTimeZone } from '../core/clock.js';
import type { Auth } from '../core/context.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { recordHistory, SECRET_MARKER } from '../engine/history.js';
import { sanitizeEmailBody } from './email-templates.js';
import { shopAddressProblem } from './shop-address.js';

// Single settings read and write (the online shop's keys are su only). Values are stored as text: switches '1'/'0',
// numbers in their decimal form, other values as typed. The list (GET /api/settings?filters=...) is the engine's.

type SettingKind =
  | 'switch'
  | 'number'
  | 'months'
  | 'text'
  | 'email'
  | 'url'
  | 'html'
  | 'address'
  | 'website'
  | 'folder'
  | 'timeZone';

/**
 * How each known key is validated. Typed on SettingKey: a key added to SETTING_DEFAULTS (domain) without a kind
 * here fails to compile, so the two lists cannot drift.
 */
export const SETTING_KINDS: Record<SettingKey, SettingKind> = {
  planning_widgets_enabled: 'switch',
  planning_flightcard_show_location: 'switch',
  planning_flightcard_show_prestation: 'switch',
  planning_flightcard_show_balloon: 'switch',
  planning_flightcard_show_pilot: 'switch',
  planning_flightcard_show_total_weight: 'switch',
  ofp_passenger_supplement: 'number',
  remote_orders_import_enabled: 'switch',
  ticketing_enabled: 'switch',
  woocommerce_url: 'url',
  woocommerce_consumer_key: 'text',
  woocommerce_consumer_secret: 'text',
  company_name: 'text',
  company_email: 'email',
  company_phone: 'text',
  company_address: 'address',
  company_website: 'website',
  email_signature: 'html',
  mail_sender_name: 'text',
  mail_sender_email: 'email',
  mail_reply_to: 'email',
  ofp_pilot_bag_default: 'number',
  widget_show_availability: 'switch',
  widget_show_location: 'switch',
  widget_show_prestation: 'switch',
  voucher_validity_months: 'months',
  backup_folder: 'folder',
  backup_keep: 'number',
  validity_rule_near_expiry_enabled: 'switch',
  validity_rule_near_expiry_days: 'number',
  validity_rule_near_expiry_months: 'months',
  validity_rule_attempts_enabled: 'switch',
  validity_rule_attempts_count: 'number',
  validity_rule_attempts_months: 'months',
  validity_rule_refund_enabled: 'switch',
  validity_rule_refund_count: 'number',
  pilot_recency_flights: 'number',
  pilot_recency_days: 'number',
  balloon_inspection_months: 'number',
  balloon_inspection_hours: 'number',
  ofp_allowance_clothing: 'number',
  ofp_allowance_baggage: 'number',
  operator_time_zone: 'timeZone',
};

const TEXT_MAX_LENGTH = 10_000;
const FOLDER_MAX_LENGTH = 500;
export const TIME_ZONE_INVALID = 'Fuseau horaire inconnu (exemple : Europe/Paris).';
export const FOLDER_INVALID = `Le dossier doit être un chemin absolu sur le serveur (${FOLDER_MAX_LENGTH} caractères au plus).`;

/** The range of each 'number' key (issue 26), from the table the settings pages' inputs read too. */
const NUMBER_BOUNDS: Partial<Record<SettingKey, Bound>> = {
  ofp_passenger_supplement: BOUNDS.passengerSupplement,
  ofp_pilot_bag_default: BOUNDS.bagWeight,
  backup_keep: BOUNDS.backupKeep,
  validity_rule_near_expiry_days: BOUNDS.validityRuleDays,
  validity_rule_attempts_count: BOUNDS.validityRuleCount,
  validity_rule_refund_count: BOUNDS.validityRuleCount,
  pilot_recency_flights: BOUNDS.recencyFlights,
  pilot_recency_days: BOUNDS.recencyDays,
  balloon_inspection_months: BOUNDS.inspectionMonths,
  balloon_inspection_hours: BOUNDS.inspectionHours,
  ofp_allowance_clothing: BOUNDS.allowance,
  ofp_allowance_baggage: BOUNDS.allowance,
};

/** A setting as GET /api/settings lists it (the domain's settings contract). */
export type Setting = SettingRow;
/**
 * Who asks: su reads and writes every key; other roles never see the online-shop credentials. `seal`
 * encrypts a secret before it is stored (services/secret-box.ts).
 */
/**
 * `auth`: who writes, for the history (engine/history.ts). `shopAllowPrivate`: the install's SHOP_ALLOW_PRIVATE,
 * for the shop address's rule (services/shop-address.ts); strict when absent.
 */
export type SettingsActor = {
  isSu: boolean;
  seal?: (plain: string) => string;
  auth?: Auth | null;
  shopAllowPrivate?: boolean;
};

export const isSecretSetting = (key: string): boolean => (SECRET_SETTINGS as readonly string[]).includes(key);

function sealed(key: string, value: string, actor: SettingsActor): string {
  if (!isSecretSetting(key) || value === '') return value;
  if (!actor.seal) throw new Error('Secret sans clé de chiffrement');
  return actor.seal(value);
}

export const isKnownSetting = (key: string): key is SettingKey => Object.hasOwn(SETTING_DEFAULTS, key);
export const isSuOnlySetting = (key: string): boolean => (SU_ONLY_SETTINGS as readonly string[]).includes(key);

function assertReachable(key: string, actor: SettingsActor): asserts key is SettingKey {
  if (!isKnownSetting(key)) throw new NotFoundError('Paramètre inconnu.');
  if (isSuOnlySetting(key) && !actor.isSu) throw new ForbiddenError('Paramètre réservé au super utilisateur.');
}

/** The stored text for `value`, or the French message saying why it is refused. */
export function normalizeSettingValue(
  key: SettingKey,
  value: unknown,
  options: { shopAllowPrivate?: boolean } = {},
): { value: string } | { error: string } {
  switch (SETTING_KINDS[key]) {
    case 'switch': {
      if (value === 1 || value === '1' || value === true) return { value: '1' };
      if (value === 0 || value === '0' || value === false) return { value: '0' };
      return { error: 'La valeur doit être 0 ou 1.' };
    }
    case 'months': {
      // A whole number of months, 1 to 120 (a voucher valid ten years is the most any operator sells).
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
            ? Number(value)
            : NaN;
      if (!Number.isInteger(n) || n < 1 || n > 120)
        return { error: 'La valeur doit être un nombre de mois entre 1 et 120.' };
      return { value: String(n) };
    }
    case 'number': {
      const n =
        typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n)) return { error: 'La valeur doit être un nombre.' };
      const bound = NUMBER_BOUNDS[key];
      if (!bound) throw new Error(`Paramètre numérique sans bornes : ${key}`);
      if (!isWithinBound(n, bound)) return { error: boundMessage(bound) };
      return { value: String(n) };
    }
    default: {
      if (value === null || value === undefined) return { value: '' };
      if (typeof value !== 'string') return { error: 'La valeur doit être un texte.' };
      const text = value.trim();
      if (text.length > TEXT_MAX_LENGTH)
        return { error: `La valeur ne doit pas dépasser ${TEXT_MAX_LENGTH} caractères.` };
      if (text && SETTING_KINDS[key] === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) {
        return { error: "L'adresse email est invalide." };
      }
      if (text && SETTING_KINDS[key] === 'url') {
        // The shop's address: https only and no private or reserved host (issue 26), checked again at each connection.
        const problem = shopAddressProblem(text, { allowPrivate: options.shopAllowPrivate === true });
        if (problem) return { error: problem };
      }
      // The signature is appended to every mail: the same sanitizing as the email template bodies.
      if (SETTING_KINDS[key] === 'html') return { value: sanitizeEmailBody(text) };
      // The operator's address keeps its line breaks, as few and short as the ticket's margin holds.
      if (SETTING_KINDS[key] === 'address') {
        if (!isCleanText(text, { isMultiline: true })) return { error: 'Caractère de contrôle non autorisé.' };
        const address = normalizeCompanyAddress(text);
        const problem = companyAddressProblem(address);
        return problem ? { error: problem } : { value: address };
      }
      if (text && SETTING_KINDS[key] === 'website' && !isWebsite(text)) return { error: WEBSITE_INVALID };
      // A folder on the server (the daily backup's): absolute, so it does not depend on where the server started.
      if (text && SETTING_KINDS[key] === 'folder' && (!text.startsWith('/') || text.length > FOLDER_MAX_LENGTH))
        return { error: FOLDER_INVALID };
      if (!isCleanText(text)) return { error: 'Caractère de contrôle non autorisé.' };
      // A zone name the server knows ('Europe/Paris'): 'today' everywhere is read in it (core/clock.ts).
      if (SETTING_KINDS[key] === 'timeZone' && !isTimeZone(text)) return { error: TIME_ZONE_INVALID };
      return { value: text };
    }
  }
}

/** GET /api/settings/{key}: the stored value, or the default when the row was never written. */
export async function readSetting(db: Kysely<DB>, key: string, actor: SettingsActor): Promise<Setting> {
  assertReachable(key, actor);
  const row = await db.selectFrom('settings').select(['key', 'value']).where('key', '=', key).executeTakeFirst();
  if (isSecretSetting(key)) return { key, value: null, is_set: Boolean(row?.value) };
  return row ?? { key, value: SETTING_DEFAULTS[key] };
}

/** Writes one setting and its history entry (the secret's value masked), in the caller's transaction. */
async function upsert(db: Kysely<DB>, key: string, value: string, actor: SettingsActor): Promise<void> {
  const before = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  const row = await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const old = before?.value ?? null;
  if (old === value) return;
  const shown = (v: string | null) => (!v || !isSecretSetting(key) ? v : SECRET_MARKER);
  await recordHistory(db, actor.auth, [
    {
      resource: 'settings',
      recordId: row.id,
      action: before ? 'update' : 'create',
      changes: { [key]: [shown(old), shown(value)] },
    },
  ]);
}

/** PUT /api/settings/{key} {value}. */
export async function writeSetting(
  db: Kysely<DB>,
  key: string,
  value: unknown,
  actor: SettingsActor,
): Promise<Setting> {
  assertReachable(key, actor);
  const result = normalizeSettingValue(key, value, actor);
  if ('error' in result) throw ValidationError.field('value', result.error);
  const stored = sealed(key, result.value, actor);
  await db.transaction().execute((trx) => upsert(trx, key, stored, actor));
  if (key === 'operator_time_zone') setTimeZone(result.value);
  if (isSecretSetting(key)) return { key, value: null, is_set: result.value !== '' };
  return { key, value: result.value };
}

/**
 * PUT /api/settings {settings: {key: value, ...}}: every value is checked first, then all are written in one
 * transaction, so a settings page saves all of its switches or none.
 */
export async function writeSettings(
  db: Kysely<DB>,
  values: Record<string, unknown>,
  actor: SettingsActor,
): Promise<Setting[]> {
  const errors: Record<string, string[]> = {};
  const accepted: { key: string; value: string }[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (!isKnownSetting(key)) {
      errors[`settings.${key}`] = ['Paramètre inconnu.'];
      continue;
    }
    if (isSuOnlySetting(key) && !actor.isSu) throw new ForbiddenError('Paramètre réservé au super utilisateur.');
    const result = normalizeSettingValue(key, value, actor);
    if ('error' in result) errors[`settings.${key}`] = [result.error];
    else accepted.push({ key, value: sealed(key, result.value, actor) });
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (accepted.length === 0) throw ValidationError.field('settings', 'Aucun paramètre à enregistrer.');
  await db.transaction().execute(async (trx) => {
    for (const { key, value } of accepted) await upsert(trx, key, value, actor);
  });
  const zone = accepted.find(({ key }) => key === 'operator_time_zone');
  if (zone) setTimeZone(zone.value);
  return accepted.map(({ key, value }) =>
    isSecretSetting(key) ? { key, value: null, is_set: value !== '' } : { key, value },
  );
}
