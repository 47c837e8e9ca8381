import { randomUUID } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {
  RemoteOrderBookingRef,
  RemoteOrderFile,
  RemoteOrderFileState,
  RemoteOrderImportOutcome,
} from '@app/domain';
import type { Kysely } from 'kysely';
import type { Auth } from '../core/context.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { constraintViolation } from '../engine/db-errors.js';
import { importOrder, OrderImportError } from './order-import.js';
import { MAX_FILE_BYTES, parseOrderFile } from './remote-order-formats.js';

// The partner order folder (REMOTE_ORDERS_DIR): files waiting at its root, imported ones in processed/, failed ones
// in failed/. Each outcome is described by a small JSON beside it in <state>/.results/<file>.json (bookings, errors).
// A file moves only after the transaction that imported it committed: a crash in between leaves it waiting, and
// importing it again answers the bookings already created (the import is idempotent per partner order).
// Requests arrive together (partners posting the same name, two clicks on Importer, several server processes on one
// folder): a file only ever takes a name through link(), which fails on a taken name where rename() would replace
// the file there, and leaves a name only through a rename aside that one request alone can win.

export type FileState = RemoteOrderFileState;
export type BookingRef = RemoteOrderBookingRef;
export type FolderEntry = RemoteOrderFile;
export type ImportOutcome = RemoteOrderImportOutcome;

const SUBDIR: Record<Exclude<FileState, 'waiting'>, string> = { imported: 'processed', failed: 'failed' };
const RESULTS = '.results';
/** The page shows the newest files; years of processed/ need not travel each time. */
const MAX_LISTED = 1000;

// Plain names only: no separator, no leading dot, no '..', nothing percent-encoded, .json or .csv.
const NAME = /^[A-Za-z0-9][A-Za-z0-9 _.()-]{0,150}\.(json|csv)$/i;

const DISABLED = "L'import des commandes à distance est désactivé.";

/** Every remote-order route answers only while the remote-order-import setting is on (the page is hidden otherwise). */
export async function assertRemoteOrdersEnabled(db: Kysely<DB>): Promise<void> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'remote_orders_import_enabled')
    .executeTakeFirst();
  if (row?.value !== '1') throw new ForbiddenError(DISABLED);
}

/** The file name as sent, or a 400: never a path, whatever its spelling (../, absolute, encoded, backslash). */
export function safeName(name: unknown): string {
  if (typeof name !== 'string' || !NAME.test(name) || name.includes('..')) {
    throw new BadRequestError('Nom de fichier invalide : un nom de fichier .json ou .csv du dossier est attendu.');
  }
  return name;
}

/** A file name for an upload: the client's base name reduced to the allowed characters. */
export function uploadName(original: string | undefined): string {
  const base = path.basename(String(original ?? '').replace(/\\/g, '/'));
  const ext = /\.(json|csv)$/i.exec(base)?.[0]?.toLowerCase();
  if (!ext) throw new BadRequestError('Format de fichier non pris en charge : un fichier .json ou .csv est attendu.');
  const stem = base
    .slice(0, -ext.length)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 _()-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 100);
  return `${stem || 'commande'}${ext}`;
}

async function ensureDirs(dir: string): Promise<void> {
  for (const sub of ['', 'processed', 'failed', `processed/${RESULTS}`, `failed/${RESULTS}`]) {
    await fs.mkdir(path.join(dir, sub), { recursive: true });
  }
}

/** `name`, then `name (2)`, `name (3)`... */
function* candidates(name: string): Generator<string> {
  const ext = path.extname(name);
  const stem = name.slice(0, -ext.length);
  for (let i = 1; i < 1000; i++) yield i === 1 ? name : `${stem} (${i})${ext}`;
  throw new BadRequestError('Trop de fichiers portent ce nom.');
}

/** The name a file would take in a folder now: recorded with the orders, the move itself takes the name for good. */
async function freeName(folder: string, name: string): Promise<string> {
  for (const candidate of candidates(name)) {
    try {
      await fs.lstat(path.join(folder, candidate));
    } catch {
      return candidate;
    }
  }
  throw new BadRequestError('Trop de fichiers portent ce nom.');
}

/**
 * Gives `source` the first free name of `folder`, from `name` on, as a second hard link: a name taken meanwhile
 * answers EEXIST and the next one is tried, never replacing a file. Null when `source` is gone.
 */
async function linkFree(source: string, folder: string, name: string): Promise<string | null> {
  for (const candidate of candidates(name)) {
    try {
      await fs.link(source, path.join(folder, candidate));
      return candidate;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return null;
      if (code !== 'EEXIST') throw error;
    }
  }
  throw new BadRequestError('Trop de fichiers portent ce nom.');
}

/** Stores an uploaded or posted file at the root of the folder, under a free name; answers that name. */
export async function storeFile(dir: string, original: string | undefined, content: Buffer): Promise<string> {
  await ensureDirs(dir);
  const wanted = uploadName(original);
  // Written whole under a hidden name, then linked to its own: the folder never shows half a file, and twenty
  // partners posting « commande.json » together keep twenty files.
  const temporary = path.join(dir, `.upload-${randomUUID()}`);
  await fs.writeFile(temporary, content, { flag: 'wx' });
  try {
    const name = await linkFree(temporary, dir, wanted);
    if (name === null) throw new Error(`upload temporary ${temporary} vanished`);
    return name;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/** The file itself (device and inode), whatever name it has now. */
type Identity = { dev: number; ino: number };
const same = (a: Identity, b: Identity) => a.dev === b.dev && a.ino === b.ino;

/**
 * Takes the name `full` away from `file`: renamed aside first, which one request alone wins, then unlinked. Another
 * file found there (the one asked for left and a new upload took its name) goes back under its name, or a free one
 * if that was taken meanwhile: never lost. False when `file` no longer had that name.
 */
async function removeName(full: string, file: Identity): Promise<boolean> {
  const aside = path.join(path.dirname(full), `.removing-${randomUUID()}`);
  try {
    await fs.rename(full, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  if (!same(await fs.lstat(aside), file)) {
    await linkFree(aside, path.dirname(full), path.basename(full));
    await fs.unlink(aside);
    return false;
  }
  await fs.unlink(aside);
  return true;
}

type Located = { state: FileState; full: string; size: number; modified: Date; file: Identity };

/** Finds a plain file (never a symlink, never a directory) among the waiting, then failed, then imported ones. */
async function locate(dir: string, name: string, states: FileState[]): Promise<Located> {
  for (const state of states) {
    const full = path.join(dir, state === 'waiting' ? '' : SUBDIR[state], name);
    let stat: Awaited<ReturnType<typeof fs.lstat>>;
    try {
      stat = await fs.lstat(full);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink() || !stat.isFile()) {
      throw new BadRequestError('Nom de fichier invalide : ce n’est pas un fichier ordinaire du dossier.');
    }
    return { state, full, size: stat.size, modified: stat.mtime, file: { dev: stat.dev, ino: stat.ino } };
  }
  throw new NotFoundError('Fichier introuvable.');
}

/**
 * Reads without following a symlink swapped in after the check; refuses what is not UTF-8 text (`text` null). Answers
 * the file actually read too: the one the import moves afterwards.
 */
async function readText(full: string): Promise<{ text: string | null; file: Identity }> {
  const handle = await fs.open(full, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
  try {
    const { dev, ino } = await handle.stat();
    const buffer = await handle.readFile();
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(buffer), file: { dev, ino } };
    } catch {
      return { text: null, file: { dev, ino } };
    }
  } finally {
    await handle.close();
  }
}

type Result = { bookings: number[]; errors: string[]; at: string };

const resultPath = (dir: string, state: 'imported' | 'failed', name: string) =>
  path.join(dir, SUBDIR[state], RESULTS, `${name}.json`);

/** Written aside then renamed: the page never reads half a result. A result belongs to the file holding its name. */
async function writeResult(dir: string, state: 'imported' | 'failed', name: string, result: Result): Promise<void> {
  const file = resultPath(dir, state, name);
  const temporary = path.join(path.dirname(file), `.result-${randomUUID()}`);
  await fs.writeFile(temporary, JSON.stringify(result), { flag: 'wx' });
  await fs.rename(temporary, file);
}

async function readResult(dir: string, state: 'imported' | 'failed', name: string): Promise<Result | null> {
  try {
    const raw = JSON.parse(await fs.readFile(resultPath(dir, state, name), 'utf8'));
    return {
      bookings: Array.isArray(raw.bookings) ? raw.bookings.filter(Number.isInteger) : [],
      errors: Array.isArray(raw.errors) ? raw.errors.map(String) : [],
      at: String(raw.at ?? ''),
    };
  } catch {
    return null;
  }
}

async function bookingRefs(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows: { id: number; number: string }[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom('bookings')
        .select(['id', 'number'])
        .where('id', 'in', ids.slice(i, i + 500))
        .execute()),
    );
  }
  return new Map(rows.map((r) => [r.id, r.number]));
}

/** The three lists of the page: waiting, imported (with their bookings) and failed (with their errors). */
export async function listFolder(db: Kysely<DB>, dir: string): Promise<FolderEntry[]> {
  await ensureDirs(dir);
  const entries: FolderEntry[] = [];
  const results = new Map<FolderEntry, number[]>();
  for (const state of ['waiting', 'imported', 'failed'] as const) {
    const folder = path.join(dir, state === 'waiting' ? '' : SUBDIR[state]);
    for (const dirent of await fs.readdir(folder, { withFileTypes: true })) {
      if (!dirent.isFile() || !NAME.test(dirent.name)) continue;
      // Another server process may import the file between the folder's read and this one: it has moved on to
      // imported/ or failed/ (read next), and the page lists it there, not an error.
      const stat = await fs.lstat(path.join(folder, dirent.name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!stat) continue;
      const entry: FolderEntry = {
        file: dirent.name,
        state,
        size: stat.size,
        modified_at: stat.mtime.toISOString(),
        bookings: [],
        errors: [],
        imported_at: null,
      };
      if (state !== 'waiting') {
        const result = await readResult(dir, state, dirent.name);
        entry.errors = result?.errors ?? [];
        entry.imported_at = result?.at || null;
        results.set(entry, result?.bookings ?? []);
      }
      entries.push(entry);
    }
  }
  const numbers = await bookingRefs(db, [...new Set([...results.values()].flat())]);
  for (const [entry, ids] of results) entry.bookings = ids.map((id) => ({ id, number: numbers.get(id) ?? null }));
  return entries
    .sort((a, b) => b.modified_at.localeCompare(a.modified_at) || a.file.localeCompare(b.file))
    .slice(0, MAX_LISTED);
}

/**
 * POST /api/remote-orders/import: every order of the file in ONE transaction; success (bookings, no error), partial
 * (bookings and errors: a skipped line, an order refused, a dropped detail) or failed (no booking: nothing written).
 * The file moves to processed/ (or failed/) only once the transaction is over.
 */
export async function importFile(
  db: Kysely<DB>,
  dir: string,
  requested: unknown,
  auth: Auth | null = null,
): Promise<ImportOutcome> {
  // One import of a name at a time in this process: two at once each linked the file into processed/ (under the
  // name and under « name (2) ») and whichever took it from the folder first kept its link, so the file could end
  // as « name (2) » beside no other. Across processes the link-first move still keeps it once (moveFile).
  const key = `${path.resolve(dir)}\0${safeName(requested)}`;
  const previous = importsInFlight.get(key);
  const current = (previous ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => importNow(db, dir, requested, auth));
  importsInFlight.set(key, current);
  try {
    return await current;
  } finally {
    if (importsInFlight.get(key) === current) importsInFlight.delete(key);
  }
}

/** The imports of this process under way, by folder and name (an entry lives only while its import runs). */
const importsInFlight = new Map<string, Promise<ImportOutcome>>();

async function importNow(db: Kysely<DB>, dir: string, requested: unknown, auth: Auth | null): Promise<ImportOutcome> {
  const name = safeName(requested);
  await ensureDirs(dir);
  const located = await locate(dir, name, ['waiting', 'failed']);
  const errors: string[] = [];
  let parsed: ReturnType<typeof parseOrderFile> = { orders: [], errors: [] };
  if (located.size > MAX_FILE_BYTES) {
    errors.push(`Fichier trop volumineux : ${MAX_FILE_BYTES / 1024 / 1024} Mo au maximum.`);
  } else {
    let content: string | null = null;
    try {
      const read = await readText(located.full);
      content = read.text;
      located.file = read.file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOOP')
        throw new BadRequestError('Nom de fichier invalide : ce n’est pas un fichier ordinaire du dossier.');
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFoundError('Fichier introuvable.');
    }
    if (content === null) errors.push('Fichier illisible : un texte encodé en UTF-8 est attendu.');
    else parsed = parseOrderFile(name, content);
    errors.push(...parsed.errors);
  }

  let imported: { id: number; created: boolean }[] = [];
  if (parsed.orders.length) {
    const target = await freeName(path.join(dir, 'processed'), name);
    const orderErrors: string[] = [];
    const run = () =>
      db.transaction().execute(async (trx) => {
        imported = [];
        orderErrors.length = 0;
        for (const order of parsed.orders) {
          try {
            const result = await importOrder(trx, order, { file: target, auth });
            imported.push({ id: result.bookingId, created: result.created });
          } catch (error) {
            if (!(error instanceof OrderImportError)) throw error;
            const prefix = parsed.orders.length > 1 ? `Commande ${order.orderId.split('/').slice(1).join('/')} : ` : '';
            orderErrors.push(...error.errors.map((e) => `${prefix}${e}`));
          }
        }
      });
    try {
      await run();
    } catch (error) {
      // A booking number taken meanwhile by a booking created by hand (its proposal is not locked): the whole
      // transaction rolled back, so running it once more proposes the next free numbers.
      if (constraintViolation(error)?.kind !== 'unique') throw error;
      await run();
    }
    errors.push(...orderErrors);
    if (imported.length) {
      const result = { bookings: imported.map((b) => b.id), errors, at: new Date().toISOString() };
      const moved = await moveFile(dir, name, located, 'imported', target, result);
      if (moved !== null && moved !== target) {
        // Another file took the name meanwhile: the orders recorded under the name this import expected (by it, or
        // by a concurrent import of the same file in another process) take the name the file really has.
        await db
          .updateTable('remote_orders')
          .set({ file: moved })
          .where(
            'booking_id',
            'in',
            imported.map((b) => b.id),
          )
          .where('file', '=', target)
          .execute();
      }
    }
  }
  if (imported.length === 0) {
    if (errors.length === 0) errors.push('Aucune commande dans ce fichier.');
    const result = { bookings: [], errors, at: new Date().toISOString() };
    if (located.state === 'waiting') {
      await moveFile(dir, name, located, 'failed', name, result);
    } else {
      await writeResult(dir, 'failed', name, result);
    }
  }
  const numbers = await bookingRefs(
    db,
    imported.map((b) => b.id),
  );
  const bookings = imported.map((b) => ({ id: b.id, number: numbers.get(b.id) ?? null, created: b.created }));
  return {
    status: bookings.length === 0 ? 'failed' : errors.length ? 'partial' : 'success',
    booking: bookings[0] ? { id: bookings[0].id, number: bookings[0].number } : null,
    bookings,
    errors,
  };
}

/**
 * Moves the file just imported (or failed) into processed/ (or failed/) under the first free name from `wanted` on,
 * never replacing a file there: linked under that name with its result, then its old name removed. When a concurrent
 * import of the same file, or a delete, removed the old name first, this copy is dropped again: the file moves once.
 * Answers the name it took, or null. A crash midway leaves it waiting as well: importing it again changes nothing.
 */
async function moveFile(
  dir: string,
  name: string,
  located: Located,
  state: 'imported' | 'failed',
  wanted: string,
  result: Result,
): Promise<string | null> {
  const folder = path.join(dir, SUBDIR[state]);
  const current = await fs.lstat(located.full).catch(() => null);
  if (current === null || !same(current, located.file)) return null;
  const target = await linkFree(located.full, folder, wanted);
  if (target === null) return null;
  await writeResult(dir, state, target, result);
  // Its failed/ errors go while it still holds its name there, so they cannot be a newer file's.
  if (located.state === 'failed') await fs.rm(resultPath(dir, 'failed', name), { force: true });
  if (await removeName(located.full, located.file)) return target;
  await fs.rm(resultPath(dir, state, target), { force: true });
  await fs.unlink(path.join(folder, target));
  return null;
}

/** DELETE /api/remote-orders/{file}: a waiting or failed file (imported ones stay, as the record of what came in). */
export async function deleteFile(dir: string, requested: unknown): Promise<void> {
  const name = safeName(requested);
  await ensureDirs(dir);
  const located = await locate(dir, name, ['failed', 'waiting']);
  // Its errors go while it still holds its name, so they cannot be a newer file's.
  if (located.state === 'failed') await fs.rm(resultPath(dir, 'failed', name), { force: true });
  // Deleted or imported by a request that came first: nothing left to delete.
  if (!(await removeName(located.full, located.file))) throw new NotFoundError('Fichier introuvable.');
}
