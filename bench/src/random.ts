// The demo seed's generator (mulberry32): the same seed gives the same dataset on every machine.
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES } from '@app/server';

export { createRandom, type Random } from '@app/server';

export const FIRST_NAMES = DEMO_FIRST_NAMES;

/** 400 last names (simple and compound): each shared by about 0.25 % of the passengers. */
const STEMS = DEMO_LAST_NAMES.slice(0, 50);
const SUFFIXES = ['', '-Dubois', '-Martin', '-Leroy', '-Roux', '-Petit', '-Moulin', ' de Lattre'] as const;
export const LAST_NAMES: readonly string[] = STEMS.flatMap((stem) => SUFFIXES.map((suffix) => `${stem}${suffix}`));

export const DEPARTMENTS = ['21', '71', '89', '58', '39', '25', '69', '75', '92', '13', '67', '2A', '33', '44'];
