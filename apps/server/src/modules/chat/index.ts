import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/actor';
import type { Clock } from '@/lib/clock';
import { chatRoutes } from './chat.routes';
import {
  createChatService,
  type ChatCompanyDirectory,
  type ChatFileDirectory,
  type ChatStoreDirectory,
  type OnMessageCommitted,
} from './chat.service';

export type { ChatParty } from './chat-party';
export { participantOf } from './chat-party';
export type {
  ChatCompanyDirectory,
  ChatFileDirectory,
  ChatService,
  ChatStoreDirectory,
  CompanyCard,
  OnMessageCommitted,
} from './chat.service';

export type ChatModuleDeps = {
  db: Database;
  clock: Clock;
  companies: ChatCompanyDirectory;
  stores: ChatStoreDirectory;
  files: ChatFileDirectory;
  /** The signed-in user's display name (author name of their messages). */
  findUserName: (userId: string) => Promise<string>;
  onMessageCommitted?: OnMessageCommitted;
};

/** Chat module (issue 4 foundation): store-side conversations with suppliers over HTTP. */
export const createChatModule = ({ findUserName, ...deps }: ChatModuleDeps) => {
  const chatService = createChatService(deps);
  const storePartyOf = async (actor: Actor) => ({
    kind: 'STORE' as const,
    storeId: actor.storeId,
    userId: actor.userId,
    name: await findUserName(actor.userId),
  });
  const routes: FastifyPluginAsyncZod = chatRoutes(chatService, storePartyOf);
  return { chatService, storePartyOf, routes };
};
export type ChatModule = ReturnType<typeof createChatModule>;
