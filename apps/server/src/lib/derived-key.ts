import { hkdfSync } from 'node:crypto';
import type { AppConfig } from '../config.ts';
import { mfaKey } from '../modules/mfa/mfa-secret-box.ts';

// Keys for signing what the server hands out (unsubscribe links, membership codes), each derived
// from the server's one secret key (MFA_SECRET_KEY or DATA_DIR/mfa-secret.key) under its own
// label: the key that seals TOTP secrets is never used as it is for anything else, and a
// signature made for one purpose is worthless for another. Rotating the secret voids them all.

const keys = new WeakMap<AppConfig, Map<string, Buffer>>();

/** The 32-byte key for `label` (e.g. 'aesa membership code v1'), derived once per configuration. */
export function derivedKey(config: AppConfig, label: string): Buffer {
  let byLabel = keys.get(config);
  if (!byLabel) keys.set(config, (byLabel = new Map()));
  let key = byLabel.get(label);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', mfaKey(config), Buffer.alloc(0), label, 32));
    byLabel.set(label, key);
  }
  return key;
}
