import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
// With its extension: Vite's coming native config loader resolves imports as Node does.
import { precompress } from './compress-plugin.ts';

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

export default defineConfig({
  plugins: [
    apiOriginAttribute(),
    react(),
    // A service worker at the site root; 'prompt' leaves the new version waiting until the user
    // presses "Mettre à jour" (app/layout/UpdateNotice.tsx).
    VitePWA({
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
        // Server routes are never answered from the cache.
        navigateFallbackDenylist: [/^\/api\//, /^\/health/, /^\/widget\//],
        cleanupOutdatedCaches: true,
      },
    }),
    precompress(),
  ],
  resolve: { conditions: ['source'] },
  server: {
    proxy: Object.fromEntries(apiPaths.map((path) => [path, API])),
  },
  build: {
    // Reported by `vite build`: the sign-in page must stay under 200 kB gzip of JavaScript.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The domain package is pure (constants, rules, zod schemas): a module whose exports are unused is dropped,
      // so the sign-in page does not carry every entity schema. Same intent as `"sideEffects": false` in
      // packages/domain/package.json; keep both.
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]/, sideEffects: false }] },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    passWithNoTests: true,
  },
});
