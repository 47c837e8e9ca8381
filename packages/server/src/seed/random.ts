// What the demo season (seed/demo.ts) and the bench generator (bench/src/generate.ts) share: a seeded random
// generator and French names.

/** mulberry32: tiny, fast, good enough for demo data, and identical on every machine. */
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
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let roll = next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![0];
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  };
  return { next, int, pick, chance, weighted, sample };
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
  'Thérèse',
  'Gérard',
  'Josiane',
  'Pascal',
  'Sophie',
  'Nicolas',
  'Élodie',
  'Yannick',
  'Noémie',
  'Cédric',
  'Laëtitia',
  'André',
] as const;
export const LAST_NAMES = [
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
  'Hébert',
  'Béranger',
  'Thévenin',
  'Besançon',
  'Pétin',
  'Le Gall',
  'Da Silva',
  'Bœuf',
  'Château',
  'Noël',
] as const;
