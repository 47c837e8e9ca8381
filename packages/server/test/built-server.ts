import path from 'node:path';

// The server and its commands as they ship, for the tests that run them in a child process (kill -9, a database
// outage, the maintenance and backup commands): packages/server/dist, which the global setup builds when the
// sources changed. Such a child starts in about 2 s, where the tsx loader took 7 (it transforms src/ at each start).

export const serverRoot = path.resolve(import.meta.dirname, '..');
export const builtMain = path.join(serverRoot, 'dist/main.js');
/** A command of src/cli, built: `builtCli('maintenance')`. */
export const builtCli = (name: string): string => path.join(serverRoot, 'dist/cli', `${name}.js`);
/**
 * The bound of a test that starts server processes: each takes about 2 s here, but on a slower machine with the
 * suite's other files beside it, several starting at once took most of a minute. Only a hung test waits for it.
 */
export const CHILD_PROCESS_TEST_MS = 180_000;
