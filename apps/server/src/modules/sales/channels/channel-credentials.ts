import { z } from 'zod';
import type { SalesChannelConnectionRow } from '../sales.table';
import type { TokenCipher } from './token-cipher';

/*
 * What a WooCommerce or Wix connection keeps secret (issue 11), sealed as one JSON token with the
 * channels' AES-256-GCM cipher (token-cipher.ts) in the connection's token columns; disconnecting
 * deletes it with the rest.
 */

export const WooSecretsSchema = z.object({
  consumerKey: z.string(),
  consumerSecret: z.string(),
  /** The HMAC key of the webhooks registered on the shop. */
  webhookSecret: z.string(),
  /** The shop's ids of those webhooks, deleted on disconnect. */
  webhookIds: z.array(z.number()),
});
export type WooSecrets = z.infer<typeof WooSecretsSchema>;

export const WixSecretsSchema = z.object({ apiKey: z.string() });
export type WixSecrets = z.infer<typeof WixSecretsSchema>;

export const sealSecrets = (cipher: TokenCipher, secrets: WooSecrets | WixSecrets) =>
  cipher.seal(JSON.stringify(secrets));

/**
 * The connection's secrets, or null when it has none (disconnected) or they do not open (sealed
 * with another key, changed since).
 */
export const openSecrets = <T>(
  cipher: TokenCipher,
  row: Pick<SalesChannelConnectionRow, 'tokenCiphertext' | 'tokenIv' | 'tokenTag'>,
  schema: z.ZodType<T>,
): T | null => {
  if (!row.tokenCiphertext || !row.tokenIv || !row.tokenTag) return null;
  try {
    const opened = cipher.open({
      ciphertext: row.tokenCiphertext,
      iv: row.tokenIv,
      tag: row.tokenTag,
    });
    const parsed = schema.safeParse(JSON.parse(opened));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
