// Deterministic pseudo-random numbers (mulberry32): the same seed gives the same dataset on every machine.
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number): boolean => next() < p;
  return { next, int, pick, chance };
}
export type Random = ReturnType<typeof createRandom>;

export const FIRST_NAMES = [
  'Hélène',
  'Éloïse',
  'Jérôme',
  'Léa',
  'Zoé',
  'Chloé',
  'Gaëlle',
  'Noël',
  'Anaïs',
  'Mathéo',
  'Théo',
  'Benoît',
  'François',
  'Aurélie',
  'Céline',
  'Frédéric',
  'Stéphane',
  'Loïc',
  'Maëlys',
  'Inès',
  'Raphaël',
  'Clément',
  'Timothée',
  'Mélanie',
  'Joël',
  'Agnès',
  'Béatrice',
  'Sébastien',
  'Valérie',
  'Émile',
  'Lucas',
  'Manon',
  'Camille',
  'Hugo',
  'Louise',
  'Jules',
  'Léon',
  'Margaux',
  'Sophie',
  'Nicolas',
  'Élodie',
  'Noémie',
] as const;

/** 400 last names (simple and compound): each shared by about 0.25 % of the passengers. */
const STEMS = [
  'Lefèvre',
  'Dupont',
  'Martin',
  'Bernard',
  'Moreau',
  'Girard',
  'Rousseau',
  'Mercier',
  'Fournier',
  'Lambert',
  'Bonnet',
  'François',
  'Garnier',
  'Faure',
  'Chevalier',
  'Gauthier',
  'Perrin',
  'Robin',
  'Clément',
  'Morin',
  'Roussel',
  'Mathieu',
  'Gaillard',
  'Barbier',
  'Arnaud',
  'Gérard',
  'Roche',
  'Renard',
  'Schmitt',
  'Leroux',
  'Colin',
  'Vidal',
  'Caron',
  'Picard',
  'Fabre',
  'Aubert',
  'Lemoine',
  'Renaud',
  'Dumas',
  'Lacroix',
  'Ménard',
  'Carré',
  'Léger',
  'Prévost',
  'Lévêque',
  'Étienne',
  'Lemaître',
  'Bénard',
  'Maréchal',
  'Barthélemy',
] as const;
const SUFFIXES = ['', '-Dubois', '-Martin', '-Leroy', '-Roux', '-Petit', '-Moulin', ' de Lattre'] as const;
export const LAST_NAMES: readonly string[] = STEMS.flatMap((stem) => SUFFIXES.map((suffix) => `${stem}${suffix}`));

export const DEPARTMENTS = ['21', '71', '89', '58', '39', '25', '69', '75', '92', '13', '67', '2A', '33', '44'];
