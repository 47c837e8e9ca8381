import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

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
      async handler() {
        const walk = (dir: string): string[] =>
          fs
            .readdirSync(dir, { withFileTypes: true })
            .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
        const files = walk(outDir).filter(
          // The service worker goes as it is: the browser fetches it at every update check, and a compressed copy
          // beside it would be served instead of a worker replaced in place (as the new-version test does).
          (file) => /\.(js|css|html|svg|json|webmanifest|txt)$/.test(file) && path.basename(file) !== 'sw.js',
        );
        // On libuv's threads, all files at once: Brotli at its best quality is most of this step (11 s of one core
        // for the app's 3.7 MB on a slow machine), and one file after the other left the other cores idle.
        await Promise.all(
          files.map(async (file) => {
            const content = await fs.promises.readFile(file);
            if (content.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotliCompress(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
              gzip(content, { level: 9 }),
            ]);
            await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
          }),
        );
      },
    },
  };
}
