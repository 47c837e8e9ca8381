import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
// With its extension: Vite's coming native config loader resolves imports as Node does.
import { precompress } from './compress-plugin.ts';
import { mantineStyles } from './mantine-styles-plugin.ts';

// Calls the dev server passes to the API on :3000 (`npm run dev`); in production one server answers both.
const API = 'http://127.0.0.1:3000';
const apiPaths = [
  '/api',
  '/csrf-cookie',
  '/login',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/first-login',
  '/health',
];

/**
 * React Router's package exports only its development build (remix-run/react-router#12532, "intended to be
 * temporary"): its warnings and checks ran on every phone's first visit. A production build takes the production files
 * its package ships beside them; both entry points, so that one copy of the router is bundled.
 */
function productionReactRouter(): Plugin {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  return {
    name: 'production-react-router',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
        ],
      },
    }),
  };
}

/**
 * Writes the API's origin setting (VITE_API_ORIGIN, empty for one server) into the early session script's tag of
 * index.html: that script runs before the app and calls /api/me where the app would (public/early-session.js).
 */
function apiOriginAttribute(): Plugin {
  let origin = '';
  return {
    name: 'api-origin-attribute',
    configResolved(config) {
      origin = String(config.env.VITE_API_ORIGIN ?? '');
    },
    transformIndexHtml: (html) =>
      html.replace(
        'data-api-origin=""',
        `data-api-origin="${origin.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`,
      ),
  };
}

/**
 * The main screens' chunks, by address, written into the early session script's tag of index.html
 * (data-route-chunks): that script asks for them with the session read, while the entry is still on its way. On a
 * phone the app shell and the page's code otherwise left only once the entry had run, one more wait before the
 * first paint. Patterns are the addresses of lib/routes.ts; a screen missing here only loses its head start.
 */
const MAIN_SCREENS: { pattern: RegExp; modules: string[] }[] = [
  { pattern: /^\/(dashboard)?\/?$/, modules: ['features/dashboard/DashboardPage.tsx'] },
  {
    pattern: /^\/bookings\/\d+(\/summary)?\/?$/,
    modules: ['features/bookings/BookingPage.tsx', 'features/bookings/BookingSummaryPage.tsx'],
  },
  { pattern: /^\/bookings(\/[a-z-]+)?\/?$/, modules: ['features/bookings/BookingsPage.tsx'] },
  { pattern: /^\/planning\/?$/, modules: ['features/planning/PlanningPage.tsx'] },
  {
    pattern: /^\/flights\/\d+(\/summary)?\/?$/,
    modules: ['features/flights/FlightPage.tsx', 'features/flights/FlightSummaryPage.tsx'],
  },
  {
    pattern: /^\/flights\/\d+\/operating-plan\/?$/,
    modules: ['features/flights/FlightPage.tsx', 'features/flights/FlightOperatingPlanPage.tsx'],
  },
];
/**
 * Every signed-in screen's frame, and the reads its routes start (the router imports them on demand: without a head
 * start, a screen's first read left only once the entry had run and this chunk had come, one more round trip).
 */
const SHELL_MODULES = ['app/layout/AppLayout.tsx', 'app/route-reads.ts'];

function routeChunks(): Plugin {
  return {
    name: 'route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle || !html.includes('data-route-chunks=""')) return html;
        type Chunk = {
          type: 'chunk';
          name: string;
          fileName: string;
          imports: string[];
          moduleIds: string[];
          isEntry: boolean;
          viteMetadata?: { importedCss: Set<string> };
        };
        const chunks = Object.values(bundle).filter((c): c is Chunk & (typeof bundle)[string] => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: Chunk[]) => {
          const seen = new Set<Chunk>();
          const visit = (c: Chunk | undefined) => {
            if (!c || seen.has(c)) return;
            seen.add(c);
            for (const file of c.imports) visit(byFile.get(file));
          };
          for (const c of start) visit(c);
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry && context.filename.endsWith(`${c.name}.html`));
        const loaded = closure(entry ? [entry] : []);
        // The chunk that holds the page's module (a page imported elsewhere too may share a chunk).
        const facade = (module: string) => {
          const chunk = chunks.find((c) =>
            c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(`/src/${module}`)),
          );
          if (!chunk) throw new Error(`route-chunks: no chunk for src/${module}`);
          return chunk;
        };
        const files: string[] = [];
        const index = (file: string) => {
          const at = files.indexOf(file);
          return at >= 0 ? at : files.push(file) - 1;
        };
        const routes = MAIN_SCREENS.map(({ pattern, modules }) => {
          const needed = [...closure([...SHELL_MODULES.map(facade), ...modules.map(facade)])].filter(
            (c) => !loaded.has(c),
          );
          const css = needed.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
          return [pattern.source, [...needed.map((c) => c.fileName), ...css].map(index)];
        });
        const value = JSON.stringify({ files, routes }).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
        // A function: the patterns' '$' would read as replacement patterns.
        return html.replace('data-route-chunks=""', () => `data-route-chunks="${value}"`);
      },
    },
  };
}

/**
 * The domain package is pure (see treeshake below), but a module whose path constant the app uses keeps its
 * top-level zod schemas too: to the tree-shaker a call such as z.object({...}) may have effects. So the entry, which
 * reads a few paths and constants, carried zod and every schema beside them (85 kB, 24 kB gzip) and built them on
 * every start (the app never parses with them: no page carries zod now). Each top-level declaration of the domain that calls something is marked as what it is, a pure value:
 * `const X = /* @__PURE__ *\/ (() => (...))()`, dropped when nothing reads it.
 */
function pureDomainDeclarations(): Plugin {
  const DOMAIN_SOURCE = /[\\/]packages[\\/]domain[\\/]src[\\/].*\.ts$/;
  const KEPT_AS_IS = new Set([
    'Literal',
    'Identifier',
    'ArrowFunctionExpression',
    'FunctionExpression',
    'TemplateLiteral',
  ]);
  return {
    name: 'pure-domain-declarations',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!DOMAIN_SOURCE.test(id)) return null;
      type Node = {
        type: string;
        start: number;
        end: number;
        declaration?: Node | null;
        declarations?: Node[];
        init?: Node | null;
        kind?: string;
      };
      const program = this.parse(code) as unknown as { body: Node[] };
      const edits: { start: number; end: number }[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const declarator of declaration.declarations ?? []) {
          const init = declarator.init;
          if (init && !KEPT_AS_IS.has(init.type)) edits.push({ start: init.start, end: init.end });
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const { start, end } of edits.reverse()) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/** The launch field's addresses (/terrain, /terrain/{id}) answer its own page, as the server does (http/web.ts). */
const FIELD_PAGE = /^\/terrain(\/[^/?]+)?\/?(\?.*)?$/;
function fieldPage(): Plugin {
  const rewrite = (request: { url?: string }, _response: unknown, next: () => void) => {
    if (request.url && FIELD_PAGE.test(request.url)) request.url = '/terrain.html';
    next();
  };
  return {
    name: 'field-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/** The service worker and the web manifest (both pages: the field's build provides its registration module too). */
const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  injectRegister: false,
  filename: 'sw.js',
  scope: '/',
  includeAssets: ['favicon.svg'],
  manifest: {
    name: 'Back-office montgolfière',
    short_name: 'Montgolfière',
    lang: 'fr',
    start_url: '/',
    display: 'standalone',
    theme_color: '#1a6dde',
    background_color: '#ffffff',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,woff2}'],
    navigateFallback: '/index.html',
    // Server routes are never answered from the cache; the launch field has its own page, below.
    navigateFallbackDenylist: [/^\/api\//, /^\/health/, /^\/widget\//, FIELD_PAGE],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // /terrain and /terrain/{id} open the field's own page from the cache at once, as the server serves
        // it (terrain.html): on a field with a weak signal the page must not wait for the network first.
        urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/terrain(\/[^/]+)?\/?$/.test(url.pathname),
        // Written out into the service worker as it stands: it may use only the worker's own globals.
        handler: async ({ request }) => (await caches.match('/terrain.html', { ignoreSearch: true })) ?? fetch(request),
      },
    ],
  },
};

/**
 * Mantine's notifications store, on its own: the app shows notifications from everywhere (the store, a few kB), but
 * the container that draws them (and its animations, 10 kB compressed) comes after the load
 * (components/notify/LazyNotifications.tsx). Through the package's index, the entry would reach the container too
 * and every screen would download it first. Same file as the index imports: one store.
 */
const NOTIFICATIONS_STORE = {
  find: /^@mantine\/notifications\/store$/,
  // Its CommonJS index (cjs/index.cjs): the package exports no other path.
  replacement: path.join(
    path.dirname(createRequire(import.meta.url).resolve('@mantine/notifications')),
    '../esm/notifications.store.mjs',
  ),
};

const TREESHAKE = { moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]/, sideEffects: false }] };

/**
 * The launch field's page (terrain.html, src/terrain.tsx) built on its own, before the office's pages, into the same
 * folder: built with them, its code came in two dozen chunks shared with the office's screens, and a phone without
 * network spent a third of a second asking the service worker for each and scanning their preloads before the
 * day could open. On its own, rolldown gives it one script (and the chunks it imports on demand). The office's
 * build then writes the service worker over the whole folder, so both pages are kept for offline use.
 */
function fieldPageBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'field-page-build',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      const outDir = path.resolve(config.root, config.build.outDir);
      fs.rmSync(outDir, { recursive: true, force: true });
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        plugins: [mantineStyles(), pureDomainDeclarations(), react(), VitePWA(pwaOptions)],
        resolve: { conditions: ['source'], alias: [NOTIFICATIONS_STORE] },
        build: {
          outDir,
          emptyOutDir: false,
          reportCompressedSize: false,
          rolldownOptions: { input: { terrain: 'terrain.html' }, treeshake: TREESHAKE },
        },
      });
    },
  };
}

export default defineConfig({
  plugins: [
    productionReactRouter(),
    apiOriginAttribute(),
    fieldPageBuild(),
    mantineStyles(),
    routeChunks(),
    pureDomainDeclarations(),
    fieldPage(),
    react(),
    // A service worker at the site root; 'prompt' leaves the new version waiting until the user
    // presses "Mettre à jour" (app/layout/UpdateNotice.tsx).
    VitePWA(pwaOptions),
    precompress(),
  ],
  resolve: { conditions: ['source'], alias: [NOTIFICATIONS_STORE] },
  server: {
    proxy: Object.fromEntries(apiPaths.map((path) => [path, API])),
  },
  build: {
    // Reported by `vite build`: the sign-in page must stay under 200 kB gzip of JavaScript.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    // fieldPageBuild empties it and writes the field's page first.
    emptyOutDir: false,
    rolldownOptions: {
      // The office's page; the launch field's own lean page (terrain.html) is built apart, by fieldPageBuild.
      input: { index: 'index.html' },
      // The domain package is pure (constants, rules, zod schemas): a module whose exports are unused is dropped,
      // so the sign-in page does not carry every entity schema. Same intent as `"sideEffects": false` in
      // packages/domain/package.json; keep both.
      treeshake: TREESHAKE,
      // Left to itself, rolldown cut the screens' common code into dozens of files of 1 kB or less (a booking's page
      // asked for 54 once signed in); a phone on 4G opens six connections at a time, each round of six a round trip
      // before the screen shows. Common chunks under 40 kB of source are copied into the chunks that import them
      // instead (11–14 files a screen; the service worker's copy of the app grows from 2.9 to 3.6 MB). The option asks
      // for strict execution order (a few kB of module wrappers).
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 40000 } } },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    passWithNoTests: true,
    // A worker loads React, Mantine and the app's modules once for all its files (a third of the processor time of
    // loading them per file). Each test renders into its own QueryClient and router and is cleaned up after
    // (src/test/setup.ts), so nothing a file leaves in a module is read by the next; checked with shuffled orders.
    isolate: false,
  },
});
