import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

// The server's layers: core/ (the context, the errors, the clock) below everything; db/ and config beside it;
// the engine, the resources, the services, mail, pdf and auth above; http/ and routes/ (and the app that wires
// them) on top. An import only ever runs down, and no two files import each other through any path: a newcomer
// can read a layer without the ones above it. Type-only imports and lazy `import()` count as imports here.

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Each source file (relative to src/) with the source files it imports. */
function importGraph(): Map<string, string[]> {
  const files = sourceFiles(SRC);
  const known = new Set(files.map((file) => path.relative(SRC, file)));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const from = path.relative(SRC, file);
    const source = readFileSync(file, 'utf8');
    // Parsed by oxc (Vite's parser): the static imports and re-exports, type-only ones too, and the `import()`s.
    const { module, errors } = parseSync(file, source);
    expect(errors, file).toEqual([]);
    const specifiers = [
      ...module.staticImports.map((entry) => entry.moduleRequest.value),
      ...module.staticExports.flatMap((entry) =>
        entry.entries.flatMap((e) => (e.moduleRequest ? [e.moduleRequest.value] : [])),
      ),
      ...module.dynamicImports.map((entry) => source.slice(entry.moduleRequest.start + 1, entry.moduleRequest.end - 1)),
    ];
    const imported = specifiers
      .filter((name) => name.startsWith('.'))
      .map((name) => path.relative(SRC, path.resolve(path.dirname(file), name)).replace(/\.js$/, '.ts'))
      .filter((name) => known.has(name) && name !== from);
    graph.set(from, [...new Set(imported)]);
  }
  return graph;
}

/** The import circles: strongly connected groups of more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const layerOf = (file: string): string => file.split('/')[0]?.replace(/\.ts$/, '') ?? file;

/** The imports of `layers` that reach one of `forbidden` (folders, or top-level files without their '.ts'). */
function upwardImports(graph: Map<string, string[]>, layers: string[], forbidden: string[]): string[] {
  return [...graph].flatMap(([file, imports]) =>
    layers.includes(layerOf(file))
      ? imports.filter((target) => forbidden.includes(layerOf(target))).map((target) => `${file} → ${target}`)
      : [],
  );
}

describe('server import layers', () => {
  const graph = importGraph();

  it('reads the imports it checks (the walk finds the app and its layers)', () => {
    expect(graph.get('app.ts')).toContain('http/errors.ts');
    expect(graph.get('engine/types.ts')).toContain('core/context.ts');
    expect(graph.get('mail/attachments.ts')).toContain('pdf/lazy.ts');
    // A type-only import and a lazy `import()`.
    expect(graph.get('core/context.ts')).toContain('config.ts');
    expect(graph.get('pdf/lazy.ts')).toContain('pdf/tickets.ts');
  });

  it('has no import circle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle when there is one (the check itself)', () => {
    const withCircle = new Map(graph);
    withCircle.set('core/errors.ts', [...(graph.get('core/errors.ts') ?? []), 'engine/validate.ts']);
    expect(circles(withCircle).flat()).toEqual(expect.arrayContaining(['core/errors.ts', 'engine/validate.ts']));
  });

  it('never imports the HTTP layer from below it', () => {
    const below = ['core', 'db', 'config', 'engine', 'resources', 'services', 'mail', 'pdf', 'auth'];
    expect(upwardImports(graph, below, ['http', 'routes', 'app', 'main', 'index'])).toEqual([]);
  });

  it('keeps core/ below every layer: it imports only the configuration and the database types', () => {
    const core = [...graph].filter(([file]) => layerOf(file) === 'core').flatMap(([, imports]) => imports);
    expect(core.filter((target) => !['core', 'db', 'config'].includes(layerOf(target)))).toEqual([]);
  });
});
