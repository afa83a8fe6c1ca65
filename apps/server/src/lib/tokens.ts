import { createHash, randomBytes } from 'node:crypto';

/**
 * A new secret token for a link or a session: 256 random bits as base64url (43 characters).
 * Only its hash (`hashToken`) is stored (ADR 0002).
 */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** The stored form of a token: SHA-256 as 64 hex characters. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
