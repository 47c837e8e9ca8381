import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `import 'virtual:mantine-styles'` in a page's entry (src/main.tsx, src/terrain.tsx) stands for the Mantine styles of
 * the components that entry can reach, not all of Mantine's (styles.css, 290 kB): each of its thousands of rules is
 * downloaded and parsed before the first paint, and matched against the page at every style pass, on a phone too.
 *
 * The entry's own sources are followed through their relative imports, lazy ones included, and each name they import
 * from a Mantine package is followed through that package's modules. Each component module Mantine ships with its
 * class names (`Button.module.mjs`) has its rules in `@mantine/core/styles/Button.css`. Those files are imported in
 * styles.css's own order, after its baseline, variables and global rules: a component's rules come after those of the
 * components it is built on. A new Mantine component used anywhere in the entry's reach brings its styles with it.
 */
export const MANTINE_STYLES = 'virtual:mantine-styles';
const RESOLVED = '\0mantine-styles:';

const require = createRequire(import.meta.url);

/** A Mantine package's folder: its exports name no package.json, its CommonJS index is cjs/index.cjs. */
function packageRoot(pkg: string): string {
  return path.dirname(path.dirname(require.resolve(pkg)));
}

const coreStyles = path.join(packageRoot('@mantine/core'), 'styles');

/** The rules every page needs, before any component's. */
const BASE = ['baseline', 'default-css-variables', 'global'];

const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]*)['"]/gm;
const NAMED_IMPORT = /\bimport\s+(type\s+)?\{([^}]*)\}\s*from\s*['"](@mantine\/[a-z-]+)['"]/g;
const WHOLE_IMPORT = /\bimport\s*\(\s*['"](@mantine\/[a-z-]+)['"]\s*\)/g;
const MODULE_IMPORT = /\b(?:import|export)\s*(?:\{([^}]*)\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)?\s*(?:from\s*)?"([^"]+)"/g;

/** `A`, `A as B`, `type A` from a braced import list: the exported names, values only. */
function importedNames(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0] as string);
}

function resolveSource(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

/** A Mantine package's ESM index: each exported name and the module that defines it. */
function packageIndex(pkg: string): Map<string, string> | undefined {
  let index: string;
  try {
    index = path.join(packageRoot(pkg), 'esm', 'index.mjs');
  } catch {
    return undefined;
  }
  if (!fs.existsSync(index)) return undefined;
  const names = new Map<string, string>();
  for (const match of fs.readFileSync(index, 'utf8').matchAll(MODULE_IMPORT)) {
    const [, list, specifier = ''] = match;
    if (!list || !specifier.startsWith('.')) continue;
    for (const part of list.split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name) names.set(alias ?? name, path.resolve(path.dirname(index), specifier));
    }
  }
  return names;
}

/**
 * The core style files (names without `.css`) an entry's reach needs, in styles.css's order, and the source files
 * read to know it.
 */
export function mantineStylesFor(entry: string): { styles: string[]; sources: string[] } {
  const sources = new Set<string>();
  const modules = new Set<string>();
  const components = new Set<string>();
  const indexes = new Map<string, Map<string, string> | undefined>();
  const visitModule = (file: string) => {
    if (modules.has(file) || !fs.existsSync(file)) return;
    modules.add(file);
    const base = path.basename(file);
    if (base.endsWith('.module.mjs') && file.includes(`${path.sep}@mantine${path.sep}core${path.sep}`)) {
      components.add(base.slice(0, -'.module.mjs'.length));
    }
    for (const [, list, specifier = ''] of fs.readFileSync(file, 'utf8').matchAll(MODULE_IMPORT)) {
      if (specifier.startsWith('.')) visitModule(path.resolve(path.dirname(file), specifier));
      else if (specifier.startsWith('@mantine/')) visitExports(specifier, list ? importedNames(list) : 'all');
    }
  };
  const visitExports = (pkg: string, names: string[] | 'all') => {
    if (!indexes.has(pkg)) indexes.set(pkg, packageIndex(pkg));
    const index = indexes.get(pkg);
    if (!index) return;
    const files = names === 'all' ? new Set(index.values()) : names.map((name) => index.get(name));
    for (const file of files) if (file) visitModule(file);
  };
  const visitSource = (file: string) => {
    if (sources.has(file)) return;
    sources.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const [, typeOnly, list = '', pkg = ''] of text.matchAll(NAMED_IMPORT)) {
      if (!typeOnly) visitExports(pkg, importedNames(list));
    }
    for (const [, pkg = ''] of text.matchAll(WHOLE_IMPORT)) visitExports(pkg, 'all');
    for (const [, specifier = ''] of text.matchAll(RELATIVE_IMPORT)) {
      const target = resolveSource(file, specifier);
      if (target) visitSource(target);
    }
  };
  visitSource(path.resolve(entry));

  const whole = fs.readFileSync(path.join(coreStyles, '..', 'styles.css'), 'utf8');
  const position = (name: string) => {
    const own = fs.readFileSync(path.join(coreStyles, `${name}.css`), 'utf8');
    const at = whole.indexOf(own.slice(0, 400));
    if (at < 0) throw new Error(`@mantine/core/styles/${name}.css is not in styles.css as it stands`);
    return at;
  };
  const ordered = [...components]
    .filter((name) => fs.existsSync(path.join(coreStyles, `${name}.css`)))
    .map((name) => ({ name, at: position(name) }))
    .sort((a, b) => a.at - b.at)
    .map(({ name }) => name);
  return { styles: [...BASE, ...ordered], sources: [...sources] };
}

export function mantineStyles(): Plugin {
  return {
    name: 'mantine-styles',
    resolveId(id, importer) {
      if (id === MANTINE_STYLES && importer) return RESOLVED + importer;
      return null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const { styles, sources } = mantineStylesFor(id.slice(RESOLVED.length));
      // A source that starts importing another component rebuilds the list (npm run dev).
      for (const source of sources) this.addWatchFile(source);
      return styles.map((name) => `import '@mantine/core/styles/${name}.css';`).join('\n');
    },
  };
}
