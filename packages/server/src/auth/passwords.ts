import crypto from 'node:crypto';
import { promisify } from 'node:util';

// scrypt from node:crypto (no native dependency), one random salt per password. The stored string carries its
// parameters, so they can be raised later without breaking existing hashes:
//   scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>
// N=2^15, r=8, p=1 costs about 80 ms and 32 MiB per hash on the reference machine (measured; docs/operations.md).

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const maxmem = (n: number, r: number) => 128 * n * r * 2;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const hash = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R) });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    ...params,
    maxmem: maxmem(params.N, params.r),
  });
  return crypto.timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real check when there is no password to compare with (unknown email, user who never
 * chose one), so response times do not tell whether an account exists.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** A strong generated password (first administrator): 18 random bytes, base64url, 24 characters. */
export const generatePassword = (): string => crypto.randomBytes(18).toString('base64url');
