import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP minimum (m=19 MiB, t=2, p=1).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verifying against this when the account is unknown keeps login time the same either way.
const DUMMY = hash('not-a-real-password', OPTIONS);

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DUMMY, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
