import { hash, verify } from '@node-rs/argon2';
import { normalizePassword } from '@aesa/shared/auth';

// argon2id with the OWASP minimum (m=19 MiB, t=2, p=1).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

// Hashed in NFKC form, so that the same characters typed on another keyboard or system (composed
// or decomposed accents, full-width digits, ligatures) are the same password.
export const hashPassword = (password: string) => hash(normalizePassword(password), OPTIONS);

// Verifying against this when the account is unknown keeps login time the same either way.
const DUMMY = hash('not-a-real-password', OPTIONS);

/**
 * The forms of a typed password to try, within one counted try: its NFKC form, then, when that
 * differs, the form as typed, which a hash set before passwords were normalised was made from.
 */
function candidates(password: string): string[] {
  const normalized = normalizePassword(password);
  return normalized === password ? [normalized] : [normalized, password];
}

/** True when `password` is the one hashed; with no hash, the same work against a dummy and false. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  const target = passwordHash || (await DUMMY);
  for (const candidate of candidates(password)) {
    if (await verify(target, candidate).catch(() => false)) return !!passwordHash;
  }
  return false;
}
