// Password hashing with argon2id (docs/product.md#accounts-and-sessions). Parameters follow OWASP's recommendation
// (19 MiB memory, 2 iterations, 1 lane); see SECURITY.md.
import { hash, verify } from '@node-rs/argon2';

export const ARGON2_OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A real hash of a random password, verified against when the account does not exist, so timing reveals nothing. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash('dummy-password-for-timing', ARGON2_OPTIONS);
  return dummyHash;
}
