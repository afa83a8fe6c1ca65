import { REALTIME_EVENTS } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';
import {
  SyncInputSchema,
  TypingInputSchema,
  type SyncResult,
  type TypingEvent,
} from '@atelier/contract/chat/realtime';
import { companyRoom, storeRoom, type Realtime, type SocketPrincipal } from '@/realtime';
import { participantOf, type ChatParty } from './chat-party';
import type { ChatService } from './chat.service';

/** A socket relays at most one typing event per conversation in this window. */
const TYPING_INTERVAL_MS = 1_000;
/** Messages read per query while catching one conversation up. */
const SYNC_PAGE_SIZE = 200;

type SyncAnswer = Extract<SyncResult, { conversations: unknown }>;

const partyOf = (principal: SocketPrincipal): ChatParty =>
  principal.kind === 'STORE'
    ? { kind: 'STORE', storeId: principal.storeId, userId: principal.userId, name: principal.name }
    : {
        kind: 'SUPPLIER',
        companyId: principal.companyId,
        userId: principal.userId,
        name: principal.name,
      };

/**
 * The chat requests a socket may make (issue 4): `chat:typing`, relayed to the other party of a
 * conversation the sender takes part in, and `chat:sync`, the messages a reconnecting client
 * missed (answered in the acknowledgement).
 */
export const registerChatSocketRequests = (realtime: Realtime, chatService: ChatService) => {
  realtime.handle(REALTIME_EVENTS.typing, async (input, { principal, state, emitToOthers }) => {
    const parsed = TypingInputSchema.safeParse(input);
    if (!parsed.success) return undefined;
    const { conversationId } = parsed.data;
    const key = `typing:${conversationId}`;
    const now = Date.now();
    if (now - ((state.get(key) as number | undefined) ?? 0) < TYPING_INTERVAL_MS) return undefined;
    state.set(key, now);
    const party = partyOf(principal);
    const conversation = await chatService.findConversationParties(party, conversationId);
    if (!conversation) return undefined;
    emitToOthers(
      [storeRoom(conversation.storeId), companyRoom(conversation.companyId)],
      REALTIME_EVENTS.typing,
      { conversationId, participant: participantOf(party) } satisfies TypingEvent,
    );
    return undefined;
  });

  realtime.handle(REALTIME_EVENTS.sync, async (input, { principal }): Promise<SyncResult> => {
    const parsed = SyncInputSchema.safeParse(input);
    if (!parsed.success) return { error: 'bad_request' };
    const party = partyOf(principal);
    const result: SyncAnswer = { conversations: [] };
    for (const { conversationId, lastSeenIndex } of parsed.data.conversations) {
      try {
        const messages: Message[] = [];
        let afterIndex = lastSeenIndex;
        for (;;) {
          const page = await chatService.listMessages(party, conversationId, {
            afterIndex,
            size: SYNC_PAGE_SIZE,
          });
          messages.push(...page.items);
          if (page.items.length < SYNC_PAGE_SIZE) break;
          afterIndex = page.items.at(-1)!.index;
        }
        result.conversations.push({ conversationId, messages });
      } catch (error) {
        const isNotFound = (error as { code?: string }).code === 'not_found';
        result.conversations.push({ conversationId, error: isNotFound ? 'not_found' : 'failed' });
      }
    }
    return result;
  });
};
