import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';

// TOTP secrets must be readable by the server (a code is computed from them), so they cannot be
// hashed. They are encrypted with AES-256-GCM under a key that is not in the database: a copy of
// the database alone (a backup, a dump) does not give anyone the officers' second factor.

const VERSION = 'v1';
export const KEY_FILE = 'mfa-secret.key';

const keys = new WeakMap<AppConfig, Buffer>();

/** MFA_SECRET_KEY, else DATA_DIR/mfa-secret.key, made once (owner-only) when it does not exist yet. */
export function mfaKey(config: AppConfig): Buffer {
  const known = config.mfaSecretKey ?? keys.get(config);
  if (known) return known;
  const key = readOrCreateKeyFile(path.join(config.dataDir, KEY_FILE));
  keys.set(config, key);
  return key;
}

export function readOrCreateKeyFile(file: string): Buffer {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // 'wx' fails when the file exists: two processes starting together keep the first one's key.
    fs.writeFileSync(file, randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key (64 hex digits)`);
  return key;
}

export function sealSecret(key: Buffer, secret: string, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The account id is authenticated with it: a sealed secret copied onto another account's row does not open.
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function openSecret(key: Buffer, sealed: string, userId: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !body) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
