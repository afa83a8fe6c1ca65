import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { textSchema } from '../common/validation';
import { CHAT_HISTORY_PAGE_SIZE, MessageSchema, SendMessagePayloadSchema } from './message';

/** Spec §3 supplier conversation summary, with the viewer's unread count. */
export const ConversationSummarySchema = z.object({
  sid: z.string(),
  name: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  storeId: z.string(),
  storeTitle: z.string(),
  avatarUrl: z.string().nullable(),
  /** ISO 8601 time of the last message (or of creation when empty). */
  lastTime: z.iso.datetime(),
  lastMessagePreview: z.string().nullable(),
  lastMessageIndex: z.number().int().nullable(),
  isConciergeRecommended: z.boolean(),
  /** Spec §3: last messages not read and not from the viewer's own side. */
  unreadCount: z.number().int().min(0),
  /** The other side's last read index (read receipts). */
  otherLastReadIndex: z.number().int().nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

const ConversationIdParams = z.object({
  id: z.string().regex(/^cnv_[a-z0-9]+$/, 'Not a conversation id.'),
});

export const ListConversationsQuerySchema = z.object({
  /** Matches the supplier's (or store's) name and message text. */
  searchKey: z.string().trim().max(200).optional(),
});

export const listConversations = defineEndpoint({
  method: 'GET',
  path: '/api/web/conversations',
  query: ListConversationsQuerySchema,
  response: z.object({ items: z.array(ConversationSummarySchema), unreadTotal: z.number().int() }),
  summary: "The store's conversations with suppliers, most recent first, with unread counts.",
  tags: ['chat'],
});

export const openConversation = defineEndpoint({
  method: 'POST',
  path: '/api/web/conversations',
  body: z.object({ supplierId: z.string().regex(/^cmp_[a-z0-9]+$/, 'Not a supplier id.') }),
  response: ConversationSummarySchema,
  summary: 'Open the conversation with a supplier, creating it on first use (one per pair).',
  tags: ['chat'],
});

export const ListMessagesQuerySchema = z.object({
  /** Messages with an index below this one (older history); the newest page when absent. */
  beforeIndex: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  /** Messages with an index above this one (catching up after a reconnect). */
  afterIndex: z.coerce.number().int().min(-1).max(2_147_483_647).optional(),
  size: z.coerce.number().int().min(1).max(100).default(CHAT_HISTORY_PAGE_SIZE),
});

export const listMessages = defineEndpoint({
  method: 'GET',
  path: '/api/web/conversations/:id/messages',
  params: ConversationIdParams,
  query: ListMessagesQuerySchema,
  response: z.object({ items: z.array(MessageSchema), hasOlder: z.boolean() }),
  summary: 'Spec §9: history in pages of 10, oldest first within a page.',
  tags: ['chat'],
});

export const SendMessageInputSchema = z.object({
  body: textSchema(10_000),
  payload: SendMessagePayloadSchema.default({ type: 'TEXT' }),
  /** Files uploaded first through POST /api/web/files. */
  fileIds: z
    .array(z.string().regex(/^fil_[a-z0-9]+$/))
    .max(10)
    .default([]),
  /** Client-chosen id, so a resend after a dropped connection is not stored twice. */
  clientMessageId: z.string().max(64).optional(),
});
export type SendMessageInput = z.infer<typeof SendMessageInputSchema>;

export const sendMessage = defineEndpoint({
  method: 'POST',
  path: '/api/web/conversations/:id/messages',
  params: ConversationIdParams,
  body: SendMessageInputSchema,
  response: MessageSchema,
  successStatus: 201,
  summary: 'Spec §5: an empty text message is refused. Committed, then delivered live.',
  tags: ['chat'],
});

export const markConversationRead = defineEndpoint({
  method: 'PUT',
  path: '/api/web/conversations/:id/read',
  params: ConversationIdParams,
  body: z.object({ lastReadIndex: z.number().int().min(0) }),
  response: z.object({ lastReadIndex: z.number().int() }),
  summary: "Move the viewer's read marker forward (never back).",
  tags: ['chat'],
});

/** The other side's answer to a ZOOM_MEETING_REQUEST message (accept one proposed time or decline). */
export const MeetingResponseInputSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ACCEPTED'), acceptedTime: z.iso.datetime() }),
  z.object({ status: z.literal('DECLINED') }),
]);
export type MeetingResponseInput = z.infer<typeof MeetingResponseInputSchema>;

export const MessageIndexParams = ConversationIdParams.extend({
  index: z.coerce.number().int().min(0).max(2_147_483_647),
});

/**
 * Answer a meeting request of the other party: 404 when the message is not a
 * ZOOM_MEETING_REQUEST of this conversation, 409 `meeting_already_answered` on a second answer,
 * 403 `own_meeting_request` for the requester's own side, 400 when the accepted time is not one
 * of the proposed times. Returns the updated message (also sent live as `chat:message-updated`).
 */
export const answerMeetingRequest = defineEndpoint({
  method: 'PUT',
  path: '/api/web/conversations/:id/messages/:index/meeting-response',
  params: MessageIndexParams,
  body: MeetingResponseInputSchema,
  response: MessageSchema,
  summary: "Accept one proposed time of the supplier's meeting request, or decline it.",
  tags: ['chat'],
});

/** Realtime event names (Socket.IO on the API's port, path /socket.io). */
export const REALTIME_EVENTS = {
  message: 'chat:message',
  /** A stored message changed (a meeting request was answered). */
  messageUpdated: 'chat:message-updated',
  conversation: 'chat:conversation',
  typing: 'chat:typing',
  read: 'chat:read',
  sync: 'chat:sync',
} as const;
