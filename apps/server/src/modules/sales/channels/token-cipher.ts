import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A token as stored: base64 ciphertext, 12-byte IV and 16-byte GCM tag. */
export type SealedToken = { ciphertext: string; iv: string; tag: string };

/**
 * AES-256-GCM for channel access tokens at rest (issue 11). A fresh IV per token; the tag
 * makes a changed ciphertext (or the wrong key) fail to open instead of yielding garbage.
 */
export const createTokenCipher = (key: Buffer) => {
  if (key.length !== 32) throw new Error('The channel token key must be 32 bytes.');
  return {
    seal(token: string): SealedToken {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return {
        ciphertext: ciphertext.toString('base64'),
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
      };
    },
    /** Throws when the token was sealed with another key or changed since. */
    open(sealed: SealedToken): string {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([
        decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
};
export type TokenCipher = ReturnType<typeof createTokenCipher>;

/**
 * The key of CHANNEL_TOKEN_KEY, or outside production one derived from the app secret, so that
 * a developer's tokens still open after a restart. `isDevelopmentKey` says which, for the log.
 */
export const channelTokenKey = (
  configuredKey: string | undefined,
  appSecret: string,
): { key: Buffer; isDevelopmentKey: boolean } => {
  if (configuredKey) return { key: Buffer.from(configuredKey, 'base64'), isDevelopmentKey: false };
  const derived = hkdfSync('sha256', appSecret, 'atelier', 'development channel token key', 32);
  return { key: Buffer.from(derived), isDevelopmentKey: true };
};
