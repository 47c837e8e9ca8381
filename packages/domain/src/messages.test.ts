import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  createFailedMessage,
  EDITOR_TOOLTIPS,
  fillMessage,
  filterLoadFailedMessage,
  importedOrdersMessage,
  LIST_LOAD_FAILED_MESSAGES,
  MESSAGES,
  updateFailedMessage,
} from './messages.js';

describe('MESSAGES', () => {
  it('has non-empty, trimmed, distinct texts', () => {
    const values = Object.values(MESSAGES);
    for (const value of values) {
      expect(value.trim()).toBe(value);
      expect(value).not.toBe('');
    }
    expect(new Set(values).size).toBe(values.length);
    expect(new Set(Object.values(LIST_LOAD_FAILED_MESSAGES)).size).toBe(
      Object.values(LIST_LOAD_FAILED_MESSAGES).length,
    );
  });

  it('uses the straight apostrophes and three dots of the spec', () => {
    expect(MESSAGES.noData).toBe("Aucune donnée n'a été trouvée...");
    expect(MESSAGES.deleteTitle).toBe('Suppression définitive...');
    for (const value of Object.values(MESSAGES)) expect(value).not.toMatch(/[’…]/);
  });
});

describe('message helpers', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(filterLoadFailedMessage('pilot_id')).toBe('Erreur de chargement : pilot_id');
    expect(fillMessage('{a} et {b}', { a: 1 })).toBe('1 et {b}');
    expect(fillMessage('{toString}', {})).toBe('{toString}');
  });

  it('reports the shop import count', () => {
    expect(importedOrdersMessage(0)).toBe('Aucune nouvelle commande');
    expect(importedOrdersMessage(1)).toBe('1 commande importée');
    expect(importedOrdersMessage(12)).toBe('12 commandes importées');
  });

  it('builds create and update failures on the spec pattern', () => {
    expect(createFailedMessage('balloon')).toBe('La création du ballon a échoué');
    expect(updateFailedMessage('teammate')).toBe("La modification de l'équipier a échoué");
    // The one entity for which the spec gives the wording agrees with the pattern.
    expect(updateFailedMessage('passenger')).toBe(MESSAGES.passengerUpdateFailed);
  });
});

// SPEC.md sits beside the repository (../shared) in the project's own workspace only.
const specPath = fileURLToPath(new URL('../../../../shared/SPEC.md', import.meta.url));
const spec = existsSync(specPath) ? readFileSync(specPath, 'utf8') : undefined;

describe.skipIf(spec === undefined)('against SPEC.md', () => {
  const text = spec ?? '';
  // Buttons the spec names without quoting them.
  const unquoted = new Set<string>([MESSAGES.cancel, MESSAGES.validate]);

  it('finds every quoted text of MESSAGES word for word in the spec', () => {
    for (const value of Object.values(MESSAGES)) {
      if (unquoted.has(value)) expect(text).toContain(value);
      else expect(text, value).toContain(`'${value}'`);
    }
  });

  it('covers every quoted text of the error catalogue', () => {
    const catalogue = text.slice(text.indexOf('## 8.'), text.indexOf('## 9.'));
    const quoted = [...catalogue.matchAll(/(?<=[\s(])'(.+?)'(?=[\s;,.):?!])/g)].map((m) => m[1] as string);
    expect(quoted.length).toBeGreaterThan(50);
    const values = new Set<string>(Object.values(MESSAGES));
    expect(quoted.filter((q) => !values.has(q))).toEqual([]);
  });

  it('has the rich-text toolbar tooltips in the spec order', () => {
    expect(text).toContain(`Toolbar tooltips: ${Object.values(EDITOR_TOOLTIPS).join(', ')}.`);
  });
});
