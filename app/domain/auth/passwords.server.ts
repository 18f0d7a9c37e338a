import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A real hash of a random password: verifying against it makes an unknown e-mail cost the same time. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoy ??= hash(crypto.randomUUID());
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export { MIN_PASSWORD_LENGTH } from "./team";
