import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerMeetingRequest,
  listConversations,
  listMessages,
  markConversationRead,
  openConversation,
  sendMessage,
} from '@atelier/contract/chat/conversation';
import type { Actor } from '@/lib/actor';
import { routeOptions } from '@/lib/endpoint';
import type { ChatParty } from './chat-party';
import type { ChatService } from './chat.service';

/** The store party of the signed-in user (author name from the identity module). */
export type StorePartyOf = (actor: Actor) => Extract<ChatParty, { kind: 'STORE' }>;

/**
 * Store side of the chat (spec §7 chat calls): conversations, history, sending, read markers and
 * answers to the supplier's meeting requests.
 * A conversation of another store answers 404 `conversation_not_found`. A resend with a known
 * `clientMessageId` answers 200 with the stored message instead of 201.
 */
export const chatRoutes =
  (chatService: ChatService, storePartyOf: StorePartyOf): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(listConversations.path, routeOptions(listConversations), async (request) =>
      chatService.listConversations(storePartyOf(request.actor), request.query.searchKey),
    );

    app.post(openConversation.path, routeOptions(openConversation), async (request) =>
      chatService.openConversation(storePartyOf(request.actor), request.body.supplierId),
    );

    app.get(listMessages.path, routeOptions(listMessages), async (request) =>
      chatService.listMessages(storePartyOf(request.actor), request.params.id, request.query),
    );

    const sendOptions = routeOptions(sendMessage);
    app.post(
      sendMessage.path,
      {
        ...sendOptions,
        schema: {
          ...sendOptions.schema,
          response: { 200: sendMessage.response, 201: sendMessage.response },
        },
      },
      async (request, reply) => {
        const { message, isNew } = await chatService.sendMessage(
          storePartyOf(request.actor),
          request.params.id,
          request.body,
        );
        return reply.status(isNew ? 201 : 200).send(message);
      },
    );

    app.put(markConversationRead.path, routeOptions(markConversationRead), async (request) =>
      chatService.markRead(
        storePartyOf(request.actor),
        request.params.id,
        request.body.lastReadIndex,
      ),
    );

    app.put(answerMeetingRequest.path, routeOptions(answerMeetingRequest), async (request) =>
      chatService.answerMeetingRequest(
        storePartyOf(request.actor),
        request.params.id,
        request.params.index,
        request.body,
      ),
    );
  };
