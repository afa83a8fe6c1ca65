import { z } from 'zod';
import { ConversationSummarySchema } from './conversation';
import { MessageSchema, ParticipantSchema } from './message';

/** The two sides of a conversation, carried by every chat event so subscribers need no lookup. */
export const ConversationPartiesSchema = z.object({
  conversationId: z.string(),
  storeId: z.string(),
  companyId: z.string(),
});

/**
 * Domain events the chat module publishes (ARCHITECTURE.md §3, issue 8), each written to the
 * outbox in the transaction of its write. The aggregate is the conversation, so subscribers see
 * one conversation's events in order.
 */
export const chatEvents = {
  /** A new message was stored; `summaries` is the conversation as each side lists it after it. */
  'chat.message.sent': ConversationPartiesSchema.extend({
    message: MessageSchema,
    summaries: z.object({ store: ConversationSummarySchema, supplier: ConversationSummarySchema }),
  }),
  /** A stored message changed (a meeting request was answered). */
  'chat.message.updated': ConversationPartiesSchema.extend({ message: MessageSchema }),
  /** A participant's read marker moved forward. */
  'chat.conversation.read': ConversationPartiesSchema.extend({
    participant: ParticipantSchema,
    lastReadIndex: z.number().int(),
  }),
} as const;
