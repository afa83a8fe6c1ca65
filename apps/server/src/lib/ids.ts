import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A prefixed random id readable in any log line: `newId('usr')` → "usr_k3j9x0q2m8a1b7c4". */
export const newId = (prefix: string): string => {
  const bytes = randomBytes(16);
  let suffix = '';
  for (const byte of bytes) suffix += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${suffix}`;
};
