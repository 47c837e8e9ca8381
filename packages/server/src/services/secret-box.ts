import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

// Secrets kept in the database (the online shop's consumer secret) are sealed with AES-256-GCM under APP_KEY:
// a stolen database or backup does not give the shop away. APP_KEY comes from the environment (base64 of 32
// bytes), else from DATA_DIR/app.key, created on first use with owner-only permissions (like the database beside
// it, it must be backed up: without it the stored secrets cannot be read and must be typed again).

const PREFIX = 'enc:v1:';
const KEY_BYTES = 32;

const cache = new Map<string, Buffer>();

export const appKeyFile = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'app.key');

/** The key, read or created; `onCreate` hears of a new key file (main prints where it is, never the key). */
export function appKeyOf(config: Pick<Config, 'dataDir' | 'appKey'>, onCreate?: (file: string) => void): Buffer {
  if (config.appKey) {
    const key = Buffer.from(config.appKey, 'base64');
    if (key.length !== KEY_BYTES) throw new Error('APP_KEY doit être 32 octets encodés en base64.');
    return key;
  }
  const file = appKeyFile(config);
  const cached = cache.get(file);
  if (cached) return cached;
  let key: Buffer;
  try {
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    key = crypto.randomBytes(KEY_BYTES);
    try {
      // 'wx': two processes starting together keep the first key written.
      fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      onCreate?.(file);
    } catch {
      key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    }
  }
  if (key.length !== KEY_BYTES) throw new Error(`${file} ne contient pas une clé de 32 octets.`);
  cache.set(file, key);
  return key;
}

export function sealSecret(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

/** The secret, or null when it cannot be opened (another key, a tampered value). */
export function openSecret(key: Buffer, stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return null;
  try {
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
