import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerPartnerMeetingRequest,
  listPartnerConversations,
  listPartnerMessages,
  markPartnerConversationRead,
  sendPartnerMessage,
} from '@atelier/contract/chat/partner';
import type { SupplierActor } from '@/lib/actor';
import { routeOptions } from '@/lib/endpoint';
import type { ChatParty } from './chat-party';
import type { ChatService } from './chat.service';

/** The supplier party of the signed-in supplier user (author name from the identity module). */
export type SupplierPartyOf = (actor: SupplierActor) => Extract<ChatParty, { kind: 'SUPPLIER' }>;

/**
 * Supplier side of the chat (issue 4 "Parties"): the company's conversations, history, sending,
 * read markers and answers to the store's meeting requests. Another company's conversation answers 404 `conversation_not_found`.
 */
export const partnerChatRoutes =
  (chatService: ChatService, supplierPartyOf: SupplierPartyOf): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      listPartnerConversations.path,
      routeOptions(listPartnerConversations),
      async (request) =>
        chatService.listConversations(
          supplierPartyOf(request.supplierActor),
          request.query.searchKey,
        ),
    );

    app.get(listPartnerMessages.path, routeOptions(listPartnerMessages), async (request) =>
      chatService.listMessages(
        supplierPartyOf(request.supplierActor),
        request.params.id,
        request.query,
      ),
    );

    const sendOptions = routeOptions(sendPartnerMessage);
    app.post(
      sendPartnerMessage.path,
      {
        ...sendOptions,
        schema: {
          ...sendOptions.schema,
          response: { 200: sendPartnerMessage.response, 201: sendPartnerMessage.response },
        },
      },
      async (request, reply) => {
        const { message, isNew } = await chatService.sendMessage(
          supplierPartyOf(request.supplierActor),
          request.params.id,
          request.body,
        );
        return reply.status(isNew ? 201 : 200).send(message);
      },
    );

    app.put(
      markPartnerConversationRead.path,
      routeOptions(markPartnerConversationRead),
      async (request) =>
        chatService.markRead(
          supplierPartyOf(request.supplierActor),
          request.params.id,
          request.body.lastReadIndex,
        ),
    );

    app.put(
      answerPartnerMeetingRequest.path,
      routeOptions(answerPartnerMeetingRequest),
      async (request) =>
        chatService.answerMeetingRequest(
          supplierPartyOf(request.supplierActor),
          request.params.id,
          request.params.index,
          request.body,
        ),
    );
  };
