// The operator's details (settings company_*), printed on every ticket and on the flight plan (issue 27). A new
// operator's settings are empty and the tickets then name nobody to call: the settings page and the booking's
// tickets tab say so while any of them is missing (companyDetailsWarning).

/** The details every ticket prints; the website (`company_website`) is optional and never warned about. */
export const COMPANY_DETAILS = [
  { key: 'company_name', label: 'le nom' },
  { key: 'company_address', label: "l'adresse" },
  { key: 'company_phone', label: 'le téléphone' },
  { key: 'company_email', label: "l'email" },
] as const;
export type CompanyDetailKey = (typeof COMPANY_DETAILS)[number]['key'];

/** The address as the ticket prints it in its margin: a few short lines. */
export const COMPANY_ADDRESS_MAX_LENGTH = 300;
export const COMPANY_ADDRESS_MAX_LINES = 4;

export const COMPANY_DETAILS_EMPTY = "Les coordonnées de l'exploitant sont vides : elles manquent sur les billets.";

const frenchList = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;

/** What the settings page and the tickets tab say while details are missing; null when all are there. */
export function companyDetailsWarning(values: Partial<Record<string, string | null | undefined>>): string | null {
  const missing = COMPANY_DETAILS.filter(({ key }) => !values[key]?.trim());
  if (missing.length === 0) return null;
  if (missing.length === COMPANY_DETAILS.length) return COMPANY_DETAILS_EMPTY;
  const list = frenchList(missing.map(({ label }) => label));
  return `Coordonnées de l'exploitant incomplètes : ${list} ${missing.length > 1 ? 'manquent' : 'manque'} sur les billets.`;
}

/** The address as stored: each line trimmed, blank lines left out, one line feed between lines. */
export const normalizeCompanyAddress = (value: string): string =>
  value
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .join('\n');

/** Why an address is refused (French), or null. Expects a normalized address. */
export function companyAddressProblem(address: string): string | null {
  if (address.length > COMPANY_ADDRESS_MAX_LENGTH) return `${COMPANY_ADDRESS_MAX_LENGTH} caractères au maximum.`;
  if (address.split('\n').length > COMPANY_ADDRESS_MAX_LINES)
    return `L'adresse tient en ${COMPANY_ADDRESS_MAX_LINES} lignes au plus.`;
  return null;
}

// A website as people type it on a card: 'www.ballons.fr', 'ballons.fr/vols' or with http(s)://.
const WEBSITE =
  /^(https?:\/\/)?[a-z0-9\u00c0-\u024f](?:[a-z0-9\u00c0-\u024f-]*[a-z0-9\u00c0-\u024f])?(\.[a-z0-9\u00c0-\u024f-]+)*\.[a-z\u00c0-\u024f]{2,}(:\d{1,5})?(\/\S*)?$/i;
export const WEBSITE_MAX_LENGTH = 255;
export const WEBSITE_INVALID = "L'adresse du site est invalide (exemple : www.ballons-de-bourgogne.fr).";
export const isWebsite = (value: string): boolean => value.length <= WEBSITE_MAX_LENGTH && WEBSITE.test(value);

/** The website as printed: without its scheme nor a final slash. */
export const websiteLabel = (value: string): string => value.replace(/^https?:\/\//i, '').replace(/\/$/, '');
