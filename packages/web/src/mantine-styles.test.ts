import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { mantineStylesFor } from '../mantine-styles-plugin.ts';

// Each page takes the styles of the Mantine components its code reaches, in Mantine's own order. The e2e sweep
// (accessibility.spec.ts, terrain.spec.ts) checks the screens as shown; these check how the list is made.

const SRC = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const whole = fs.readFileSync(
  path.join(path.dirname(path.dirname(require.resolve('@mantine/core'))), 'styles.css'),
  'utf8',
);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mantine-styles-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
function entry(files: Record<string, string>): string {
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return path.join(dir, Object.keys(files)[0] as string);
}

describe('mantineStylesFor', () => {
  it('follows a component to the components it is built on, and skips type-only imports', () => {
    const { styles } = mantineStylesFor(
      entry({
        'select.tsx': [
          "import { Select, type SelectProps } from '@mantine/core';",
          "import type { TableProps } from '@mantine/core';",
        ].join('\n'),
      }),
    );
    expect(styles.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    expect(styles).toEqual(expect.arrayContaining(['Input', 'Combobox', 'Popover', 'ScrollArea']));
    expect(styles).not.toContain('Table');
    expect(styles).not.toContain('Button');
  });

  it("puts them in the order of Mantine's whole stylesheet", () => {
    const { styles } = mantineStylesFor(
      entry({ 'order.tsx': "import { Title, Button, Table, Checkbox } from '@mantine/core';" }),
    );
    const components = styles.slice(3);
    const at = (name: string) =>
      whole.indexOf(fs.readFileSync(require.resolve(`@mantine/core/styles/${name}.css`), 'utf8').slice(0, 400));
    expect(components.map(at)).toEqual(components.map(at).sort((a, b) => a - b));
    expect(components.indexOf('UnstyledButton')).toBeLessThan(components.indexOf('Button'));
  });

  it('follows lazy and relative imports, and a whole package imported on demand', () => {
    const { styles, sources } = mantineStylesFor(
      entry({
        'main.tsx': "const Page = lazy(() => import('./page'));",
        'page.tsx': "import { Badge as Tag } from '@mantine/core';\nexport const n = import('@mantine/notifications');",
      }),
    );
    expect(styles).toEqual(expect.arrayContaining(['Badge', 'Notification']));
    expect(sources).toHaveLength(2);
  });

  it("gives the field's page its few components and the office all of its own", () => {
    const field = mantineStylesFor(path.join(SRC, 'terrain.tsx')).styles;
    const office = mantineStylesFor(path.join(SRC, 'main.tsx')).styles;
    expect(field).toEqual(expect.arrayContaining(['Checkbox', 'Alert', 'Badge']));
    expect(field).not.toContain('AppShell');
    expect(field).not.toContain('Table');
    expect(office).toEqual(expect.arrayContaining(['AppShell', 'Table', 'Modal', 'Combobox', 'Tooltip']));
    expect(office).not.toContain('Accordion');
  });
});
