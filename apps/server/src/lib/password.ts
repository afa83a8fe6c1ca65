import { hash, verify, type Options } from '@node-rs/argon2';

/** Issue #2: argon2id with 19 MiB of memory, 2 passes, 1 lane (the OWASP baseline). */
const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id; the enum is a const enum the type-only import can't read.
  algorithm: 2,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password, ARGON2_OPTIONS);
  } catch {
    return false;
  }
};

// Verified against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
export const verifyAgainstDummy = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword('atelier-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
};
