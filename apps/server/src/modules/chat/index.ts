import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor, SupplierActor } from '@/lib/actor';
import { chatRoutes } from './chat.routes';
import { partnerChatRoutes } from './partner.routes';
import { createChatService, type ChatServiceDeps } from './chat.service';

export type { ChatParty } from './chat-party';
export { participantOf } from './chat-party';
export { previewOf } from './chat.mappers';
export type { ConversationRow } from './chat.table';
export type {
  ChatCompanyDirectory,
  ChatFileDirectory,
  ChatService,
  ChatStoreDirectory,
  CompanyCard,
  OnMessageCommitted,
  OnMessageUpdated,
  OnRead,
} from './chat.service';
export type {
  ChatItemDirectory,
  ChatProjectDirectory,
  ItemCard,
  ProjectCard,
} from './message-payload';

/** Chat module (issue 4): conversations between stores and suppliers over HTTP, both sides. */
export const createChatModule = (deps: ChatServiceDeps) => {
  const chatService = createChatService(deps);
  // The author name comes with the session (no query per request or handshake).
  const storePartyOf = (actor: Actor) => ({
    kind: 'STORE' as const,
    storeId: actor.storeId,
    userId: actor.userId,
    name: actor.name,
  });
  const supplierPartyOf = (actor: SupplierActor) => ({
    kind: 'SUPPLIER' as const,
    companyId: actor.companyId,
    userId: actor.userId,
    name: actor.name,
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(chatRoutes(chatService, storePartyOf));
    await app.register(partnerChatRoutes(chatService, supplierPartyOf));
  };
  return { chatService, storePartyOf, supplierPartyOf, routes };
};
export type ChatModule = ReturnType<typeof createChatModule>;
