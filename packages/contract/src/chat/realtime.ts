import { z } from 'zod';
import { MessageSchema, ParticipantSchema } from './message';

/**
 * Realtime chat (issue 4): Socket.IO on the API's port, path `/socket.io`. The session token of
 * either party travels in the handshake's `auth.token`; the server checks the Origin header.
 */
export const SOCKET_IO_PATH = '/socket.io';

/** Most conversations one `chat:sync` request may name. */
export const SYNC_MAX_CONVERSATIONS = 200;

/**
 * `chat:sync` request (client → server, with an acknowledgement): per conversation the last
 * index the client has seen (-1 for none). The answer lists exactly the messages after it.
 */
export const SyncInputSchema = z.object({
  conversations: z
    .array(
      z.object({
        conversationId: z.string().min(1).max(100),
        lastSeenIndex: z.number().int().min(-1),
      }),
    )
    .max(SYNC_MAX_CONVERSATIONS),
});
export type SyncInput = z.infer<typeof SyncInputSchema>;

/** The `chat:sync` acknowledgement: missed messages per conversation, oldest first. */
export const SyncResultSchema = z.union([
  z.object({
    conversations: z.array(
      z.union([
        z.object({ conversationId: z.string(), messages: z.array(MessageSchema) }),
        z.object({ conversationId: z.string(), error: z.enum(['not_found', 'failed']) }),
      ]),
    ),
  }),
  z.object({ error: z.literal('bad_request') }),
]);
export type SyncResult = z.infer<typeof SyncResultSchema>;

/** `chat:typing` (client → server): the sender is typing in a conversation. */
export const TypingInputSchema = z.object({ conversationId: z.string().min(1).max(100) });

/** `chat:typing` (server → the other party's sockets). */
export const TypingEventSchema = z.object({
  conversationId: z.string(),
  participant: ParticipantSchema,
});
export type TypingEvent = z.infer<typeof TypingEventSchema>;

/** `chat:read` (server → both parties): a participant's read marker moved. */
export const ReadEventSchema = z.object({
  conversationId: z.string(),
  participant: ParticipantSchema,
  lastReadIndex: z.number().int(),
});
export type ReadEvent = z.infer<typeof ReadEventSchema>;
