import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web's floors: app/ (the router, the layout, the guards' loaders) on top; the features side by side under it;
// the shared pieces (lib/, components/, api/, session/) below them all. app/ imports the features, never the other
// way; a feature uses another only for a deliberate embed (a card of one shown in another), through that feature's
// index.ts; the shared pieces import no feature and nothing of app/. Lazy `import()` counts as an import.

const SRC = path.dirname(fileURLToPath(import.meta.url));
const SHARED = ['lib', 'components', 'api', 'session'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]*)['"]/gm;

/** Each source file (relative to src/, with /) and the paths (relative to src/, no extension) it imports. */
function imports(): { file: string; target: string }[] {
  return sourceFiles(SRC).flatMap((full) => {
    const file = path.relative(SRC, full).split(path.sep).join('/');
    const text = readFileSync(full, 'utf8');
    return [...text.matchAll(IMPORT)].map((match) => ({
      file,
      target: path
        .relative(SRC, path.resolve(path.dirname(full), match[1] ?? ''))
        .split(path.sep)
        .join('/')
        .replace(/\.(tsx?|js)$/, ''),
    }));
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const top = (file: string) => file.split('/')[0];
const featureOf = (file: string) => (top(file) === 'features' ? file.split('/')[1] : null);

describe('web layers', () => {
  const all = imports();

  it('finds the sources and their imports', () => {
    expect(all.length).toBeGreaterThan(500);
    expect(all.some(({ file }) => file.startsWith('features/bookings/'))).toBe(true);
  });

  it('no feature imports app/', () => {
    const upward = all.filter(({ file, target }) => featureOf(file) && top(target) === 'app');
    expect(upward.map(({ file, target }) => `${file} → ${target}`)).toEqual([]);
  });

  it("a feature imports another only through that feature's index", () => {
    const sideways = all.filter(({ file, target }) => {
      const from = featureOf(file);
      const to = featureOf(target);
      if (!from || !to || from === to) return false;
      return target !== `features/${to}` && target !== `features/${to}/index`;
    });
    expect(sideways.map(({ file, target }) => `${file} → ${target}`)).toEqual([]);
  });

  it('the shared pieces import no feature and nothing of app/', () => {
    // The generic reference screens' tests read real definitions (a balloon's, a location's): tests may.
    const upward = all.filter(
      ({ file, target }) =>
        SHARED.includes(top(file) ?? '') && !isTest(file) && (top(target) === 'features' || top(target) === 'app'),
    );
    expect(upward.map(({ file, target }) => `${file} → ${target}`)).toEqual([]);
  });
});
