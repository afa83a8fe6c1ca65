import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor, SupplierActor } from '@/lib/actor';
import type { Realtime } from '@/realtime';
import { principalRoom } from '@/realtime';
import { createChatExportSources } from './chat.export';
import { createConversationRepository } from './conversation.repository';
import { chatRoutes } from './chat.routes';
import { createChatService, type ChatServiceDeps } from './chat.service';
import { registerChatSocketRequests } from './chat.socket';
import { subscribeOfflineEmail, type OfflineEmailDeps } from './offline-email';
import { partnerChatRoutes } from './partner.routes';
import type { PostSupplierCardInput } from './supplier-card';

export type { ChatParty } from './chat-party';
export type { PostSupplierCardInput, SupplierCard } from './supplier-card';
export type {
  ChatSupplierDirectory,
  ChatFileDirectory,
  ChatService,
  ChatStoreDirectory,
} from './chat.service';
export type {
  ChatItemDirectory,
  ChatProjectDirectory,
  ItemCard,
  ProjectCard,
} from './message-payload';
export { OFFLINE_EMAIL_INTERVAL_MS } from './offline-email';

export type ChatModuleDeps = ChatServiceDeps &
  Pick<OfflineEmailDeps, 'notifier' | 'findStoreEmail' | 'listSupplierEmails' | 'publicUrl'> & {
    /** Sockets: chat answers typing and sync requests and asks who is online. */
    realtime: Realtime;
  };

/**
 * Chat module (issue 4): conversations between stores and suppliers over HTTP, both sides; its
 * socket requests; and the offline e-mail, a subscriber of its own `chat.message.sent` events.
 */
export const createChatModule = (deps: ChatModuleDeps) => {
  const chatService = createChatService(deps);
  registerChatSocketRequests(deps.realtime, chatService);
  subscribeOfflineEmail({
    ...deps,
    isOnline: (party) => deps.realtime.hasOpenSocket(principalRoom(party)),
  });
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
  return {
    chatService,
    storePartyOf,
    supplierPartyOf,
    routes,
    /**
     * Suppliers the store has exchanged messages with (an opened but empty conversation does
     * not count), with the time of the last message: the MESSAGED relation of "my suppliers".
     */
    listMessagedSuppliers: (storeId: string) =>
      createConversationRepository(deps.db).listMessagedCompanies(storeId),
    /** A conversation's store and supplier company (issue 12: whom an invoice is for). */
    async findConversation(id: string) {
      const row = await createConversationRepository(deps.db).findById(id);
      return row && { storeId: row.storeId, companyId: row.companyId };
    },
    /**
     * Issue 12: posts an INVOICE or TRACKING_LINK card into the store's conversation with the
     * company, as the supplier user (delivered like any supplier message); nothing without a
     * conversation. Idempotent per invoice and per shipment.
     */
    postSupplierCard: (input: PostSupplierCardInput): Promise<void> =>
      chatService.postSupplierCard(input),
    /** The store's conversations, messages and read markers in "Export my data". */
    exportSources: createChatExportSources(deps.db),
  };
};
export type ChatModule = ReturnType<typeof createChatModule>;
