import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with m=19 MiB, t=2, p=1: OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash so that an unknown username costs as long as a wrong
 * password, and response time does not tell which usernames exist.
 */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('osp-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
