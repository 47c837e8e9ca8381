import fs from 'node:fs';
import path from 'node:path';

// Where the server's time went during a `--cpu-prof` bench run: the V8 profile the server wrote on exit, its
// self time grouped by layer (driver, query builder, HTTP framework, our engine, auth...) and the busiest
// functions. Idle time is left out: the shares are of the time the server was working.

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const LAYERS: [string, RegExp][] = [
  ['pilote SQLite (better-sqlite3)', /node_modules\/better-sqlite3\//],
  ['pilote PostgreSQL (pg)', /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//],
  ['Kysely (construction et compilation SQL)', /node_modules\/kysely\//],
  [
    'Fastify et HTTP (framework)',
    /node_modules\/(fastify|find-my-way|@fastify|light-my-request|avvio|fast-json-stringify|pino|secure-json-parse|fast-querystring)/,
  ],
  ['zod (validation)', /node_modules\/zod\//],
  ['moteur de listes (engine/)', /server\/dist\/engine\//],
  ['authentification et session (auth/)', /server\/dist\/auth\//],
  ['routes et services', /server\/dist\/(routes|services|resources|http)\//],
  ['domaine (langage de requête)', /domain\/dist\//],
  ['Node.js (http, net, flux)', /^node:/],
];

function layerOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'ramasse-miettes';
    if (functionName === '(program)') return 'V8 / natif (program)';
    if (functionName === '(idle)') return '(idle)';
    return 'natif (sans fichier)';
  }
  for (const [name, pattern] of LAYERS) if (pattern.test(url)) return name;
  return 'autre';
}

export function summarizeProfiles(dir: string): void {
  if (!fs.existsSync(dir)) return;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => {
      self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    const layers = new Map<string, number>();
    const functions = new Map<string, number>();
    let busy = 0;
    for (const [id, micros] of self) {
      const node = byId.get(id);
      if (!node) continue;
      const layer = layerOf(node);
      if (layer === '(idle)') continue;
      busy += micros;
      layers.set(layer, (layers.get(layer) ?? 0) + micros);
      const where = node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/packages\//, '');
      const key = `${node.callFrame.functionName || '(anonyme)'} ${where}:${node.callFrame.lineNumber + 1}`;
      functions.set(key, (functions.get(key) ?? 0) + micros);
    }
    const share = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)} %`;
    console.log(`\nProfil du serveur (${file}) : ${(busy / 1e6).toFixed(1)} s de travail (hors attente)`);
    for (const [layer, micros] of [...layers].sort((a, b) => b[1] - a[1])) console.log(`  ${share(micros)}  ${layer}`);
    console.log('  Fonctions les plus coûteuses (temps propre) :');
    for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`  ${share(micros)}  ${name}`);
  }
}
