import { z } from 'zod';

/**
 * Issue 13 credits ledger: every change of a store's AI credits is one entry; the balance is the
 * sum of the entries' signed `credits` and is never negative. GRANT (+, bundle, welcome, plan or
 * refund of an AI job), SPEND (−), REFUND (+, a spend given back), EXPIRY (−, an expired grant).
 */
export const CreditEntryKindSchema = z.enum(['GRANT', 'SPEND', 'REFUND', 'EXPIRY']);
export type CreditEntryKind = z.infer<typeof CreditEntryKindSchema>;

export const CreditEntrySchema = z.object({
  id: z.string(),
  kind: CreditEntryKindSchema,
  /** Signed: positive for GRANT and REFUND, negative for SPEND and EXPIRY. */
  credits: z.number().int(),
  /** The balance right after this entry. */
  balanceAfter: z.number().int(),
  reason: z.string(),
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type CreditEntry = z.infer<typeof CreditEntrySchema>;

export const CreditsSchema = z.object({
  balance: z.number().int(),
  entries: z.array(CreditEntrySchema),
  /** Entries before these (newest first); null when there are no more. */
  nextCursor: z.string().nullable(),
});
export type Credits = z.infer<typeof CreditsSchema>;

/** The largest single spend or grant (credits). */
export const MAX_CREDITS_PER_ENTRY = 1_000_000;
