import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/resources/index.js';

// Every entity findable by name: the resource served at /api/{name} is declared in resources/{name}.ts, alone.
const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/resources');

describe('resource declarations', () => {
  it('live one per file, in the file named like their API path', () => {
    const misplaced = RESOURCES.filter((resource) => {
      let text: string;
      try {
        text = readFileSync(path.join(DIR, `${resource.name}.ts`), 'utf8');
      } catch {
        return true;
      }
      const declared = [...text.matchAll(/^export const \w+: Resource = \{\n\s+name: '([^']+)'/gm)].map((m) => m[1]);
      return declared.length !== 1 || declared[0] !== resource.name;
    });
    expect(misplaced.map((resource) => resource.name)).toEqual([]);
    expect(RESOURCES).toHaveLength(34);
  });
});
