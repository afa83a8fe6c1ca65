import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import {
  ConversationSummarySchema,
  ListConversationsQuerySchema,
  ListMessagesQuerySchema,
  MeetingResponseInputSchema,
  MessageIndexParams,
  SendMessageInputSchema,
} from './conversation';
import { UploadedFileSchema } from '../files/file';
import { MessageSchema } from './message';

/**
 * The supplier side of the chat: the same conversations and messages as the store routes, seen
 * by the supplier company (`customer_{companyId}`). Another company's conversation answers 404.
 */

const ConversationIdParams = z.object({
  id: z.string().regex(/^cnv_[a-z0-9]+$/, 'Not a conversation id.'),
});

export const listPartnerConversations = defineEndpoint({
  method: 'GET',
  path: '/api/partner/conversations',
  auth: 'supplier',
  query: ListConversationsQuerySchema,
  response: z.object({ items: z.array(ConversationSummarySchema), unreadTotal: z.number().int() }),
  summary: "The supplier company's conversations with stores, most recent first.",
  tags: ['partner'],
});

export const listPartnerMessages = defineEndpoint({
  method: 'GET',
  path: '/api/partner/conversations/:id/messages',
  auth: 'supplier',
  params: ConversationIdParams,
  query: ListMessagesQuerySchema,
  response: z.object({ items: z.array(MessageSchema), hasOlder: z.boolean() }),
  summary: 'History in pages of 10, oldest first within a page.',
  tags: ['partner'],
});

export const sendPartnerMessage = defineEndpoint({
  method: 'POST',
  path: '/api/partner/conversations/:id/messages',
  auth: 'supplier',
  params: ConversationIdParams,
  body: SendMessageInputSchema,
  response: MessageSchema,
  successStatus: 201,
  summary: 'Send a message as the supplier company (files from POST /api/partner/files).',
  tags: ['partner'],
});

export const markPartnerConversationRead = defineEndpoint({
  method: 'PUT',
  path: '/api/partner/conversations/:id/read',
  auth: 'supplier',
  params: ConversationIdParams,
  body: z.object({ lastReadIndex: z.number().int().min(0) }),
  response: z.object({ lastReadIndex: z.number().int() }),
  summary: "Move the supplier's read marker forward (never back).",
  tags: ['partner'],
});

/** Multipart upload (part `file`), same rules as POST /api/web/files. */
export const uploadPartnerFile = defineEndpoint({
  method: 'POST',
  path: '/api/partner/files',
  auth: 'supplier',
  response: UploadedFileSchema,
  successStatus: 201,
  summary: 'Upload a file (multipart, part `file`) to attach to a supplier message.',
  tags: ['partner'],
});

/** Same rules as PUT /api/web/conversations/:id/messages/:index/meeting-response. */
export const answerPartnerMeetingRequest = defineEndpoint({
  method: 'PUT',
  path: '/api/partner/conversations/:id/messages/:index/meeting-response',
  auth: 'supplier',
  params: MessageIndexParams,
  body: MeetingResponseInputSchema,
  response: MessageSchema,
  summary: "Accept one proposed time of the store's meeting request, or decline it.",
  tags: ['partner'],
});
