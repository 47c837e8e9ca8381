import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

// Writes .br and .gz beside every text asset of the build, so the server sends them precompressed
// (@fastify/static `preCompressed`) without compressing on each request.
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin's end of build (sequential, last): the service worker's plugin writes its files then,
    // and the folder holds both pages' builds only by then.
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        const walk = (dir: string): string[] =>
          fs
            .readdirSync(dir, { withFileTypes: true })
            .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
        for (const file of walk(outDir)) {
          if (!/\.(js|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
          // The service worker goes as it is: the browser fetches it at every update check, and a compressed copy
          // beside it would be served instead of a worker replaced in place (as the new-version test does).
          if (path.basename(file) === 'sw.js') continue;
          const content = fs.readFileSync(file);
          if (content.length < 1024) continue;
          fs.writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}
