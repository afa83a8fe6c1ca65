import type {
  ConversationSummary,
  MeetingResponseInput,
  SendMessageInput,
} from '@atelier/contract/chat/conversation';
import { conversationName, type Message } from '@atelier/contract/chat/message';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { CatalogModule } from '@/modules/catalog';
import type { FilesModule } from '@/modules/files';
import type { IdentityModule } from '@/modules/identity';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { belongsTo, eventPartiesOf, participantOf, type ChatParty } from './chat-party';
import { toMessage } from './chat.mappers';
import { createConversationSummaries } from './conversation-summaries';
import { createConversationRepository, type ConversationSide } from './conversation.repository';
import {
  answeredMeetingRequest,
  meetingAlreadyAnswered,
  meetingRequestNotFound,
} from './meeting-request';
import { createMessageAppender } from './message-append';
import {
  createPayloadResolver,
  type ChatItemDirectory,
  type ChatProjectDirectory,
} from './message-payload';
import { createMessageRepository } from './message.repository';
import { cardKeyOf, parseSupplierCard, type PostSupplierCardInput } from './supplier-card';

/** Supplier names and cards, from the catalog module. */
export type ChatSupplierDirectory = Pick<CatalogModule['supplierDirectory'], 'findSupplierCards'>;
/** Store titles, from the identity module. */
export type ChatStoreDirectory = Pick<IdentityModule['directory'], 'findStoreTitles'>;
/** Uploaded files and who may read them, from the files module. */
export type ChatFileDirectory = Pick<FilesModule['fileService'], 'findOwnedFiles' | 'grantAccess'>;

export type ChatServiceDeps = {
  db: Database;
  clock: Clock;
  suppliers: ChatSupplierDirectory;
  stores: ChatStoreDirectory;
  files: ChatFileDirectory;
  /** Catalog item titles and prices (CATALOG_ITEM cards), from the catalog module. */
  items: ChatItemDirectory;
  /** A store's custom projects (CREATOR_CUSTOM_PROJECT cards), from the sourcing module. */
  projects: ChatProjectDirectory;
  /** Every write announces itself here, in its transaction (chat/events in the contract). */
  events: EventBus;
};

const sideOf = (party: ChatParty): ConversationSide =>
  party.kind === 'STORE' ? { storeId: party.storeId } : { companyId: party.companyId };

/** Spec §3/§5 chat for either party: conversations, history, sending and read markers. */
export const createChatService = ({
  db,
  clock,
  suppliers,
  stores,
  files,
  items,
  projects,
  events,
}: ChatServiceDeps) => {
  const conversationRepository = createConversationRepository(db);
  const resolvePayload = createPayloadResolver({ clock, suppliers, items, projects });
  const summaries = createConversationSummaries({ suppliers, stores });
  const appendMessage = createMessageAppender({ db, clock, files, events, summaries });
  const notFound = () =>
    new AppError('not_found', 'This conversation does not exist.', {
      reason: 'conversation_not_found',
    });

  const conversationFor = async (party: ChatParty, id: string) => {
    const conversation = await conversationRepository.findById(id);
    if (!conversation || !belongsTo(party, conversation)) throw notFound();
    return conversation;
  };

  const summaryOf = async (party: ChatParty, id: string) => {
    const [summary] = await summaries.toSummaries(
      await conversationRepository.listWithReads(sideOf(party), participantOf(party), {
        ids: [id],
      }),
    );
    if (!summary) throw notFound();
    return summary;
  };

  return {
    /** The store's one conversation with a supplier, created on first use (race-safe). */
    async openConversation(
      party: Extract<ChatParty, { kind: 'STORE' }>,
      supplierId: string,
    ): Promise<ConversationSummary> {
      if (!(await suppliers.findSupplierCards([supplierId])).has(supplierId)) {
        throw new AppError('not_found', 'This supplier does not exist.', {
          reason: 'supplier_not_found',
        });
      }
      const now = clock.now();
      const conversation = await conversationRepository.insertOrGet({
        id: newId('cnv'),
        name: conversationName(party.storeId, supplierId),
        storeId: party.storeId,
        companyId: supplierId,
        createdAt: now,
        updatedAt: now,
      });
      return summaryOf(party, conversation.id);
    },

    /**
     * One conversation's summary as the party sees it (its unread count and the other side's
     * read marker): what `listConversations` lists for it, read alone. 404 for another party's.
     */
    async getConversationSummary(
      party: ChatParty,
      conversationId: string,
    ): Promise<ConversationSummary> {
      return summaryOf(party, conversationId);
    },

    /** The party's conversations, newest first; `searchKey` matches supplier name or text. */
    async listConversations(party: ChatParty, searchKey?: string) {
      const side = sideOf(party);
      let rows = await conversationRepository.listWithReads(side, participantOf(party));
      const unreadTotal = rows.reduce((total, row) => total + row.unreadCount, 0);
      const key = searchKey?.trim().toLowerCase();
      if (key) {
        const bodyMatches = new Set(await conversationRepository.idsWithBodyContaining(side, key));
        const cards = await suppliers.findSupplierCards(rows.map((r) => r.conversation.companyId));
        const titles =
          party.kind === 'SUPPLIER'
            ? await stores.findStoreTitles(rows.map((r) => r.conversation.storeId))
            : new Map<string, string>();
        rows = rows.filter(({ conversation }) => {
          const otherName =
            party.kind === 'STORE'
              ? cards.get(conversation.companyId)?.name
              : titles.get(conversation.storeId);
          return bodyMatches.has(conversation.id) || (otherName ?? '').toLowerCase().includes(key);
        });
      }
      return { items: await summaries.toSummaries(rows), unreadTotal };
    },

    /** The conversation's two sides, when it exists and the party takes part in it. */
    async findConversationParties(
      party: ChatParty,
      conversationId: string,
    ): Promise<{ storeId: string; companyId: string } | undefined> {
      const conversation = await conversationRepository.findById(conversationId);
      if (!conversation || !belongsTo(party, conversation)) return undefined;
      return { storeId: conversation.storeId, companyId: conversation.companyId };
    },

    /** Spec §9: a page of history, oldest first within the page. */
    async listMessages(
      party: ChatParty,
      conversationId: string,
      query: { beforeIndex?: number | undefined; afterIndex?: number | undefined; size: number },
    ) {
      await conversationFor(party, conversationId);
      const messages = createMessageRepository(db);
      if (query.afterIndex !== undefined && query.beforeIndex === undefined) {
        const rows = await messages.listNewer(conversationId, query.afterIndex, query.size);
        return {
          items: rows.map(toMessage),
          hasOlder: (rows[0]?.index ?? query.afterIndex + 1) > 0,
        };
      }
      const rows = await messages.listOlder(conversationId, query.beforeIndex, query.size + 1);
      const page = rows.slice(0, query.size).reverse();
      return { items: page.map(toMessage), hasOlder: rows.length > query.size };
    },

    /**
     * Spec §5 send: empty text refused; a repeated clientMessageId returns the stored message.
     * Typed payloads carry the server's card data (see `createPayloadResolver` for their errors).
     */
    async sendMessage(party: ChatParty, conversationId: string, input: SendMessageInput) {
      const conversation = await conversationFor(party, conversationId);
      const author = participantOf(party);
      if (input.clientMessageId !== undefined) {
        // A resend answers with what was stored, even if its checks would fail by now.
        const existing = await createMessageRepository(db).findByClientMessageId(
          conversationId,
          author,
          input.clientMessageId,
        );
        if (existing) return { message: toMessage(existing), isNew: false };
      }
      const uniqueFileIds = [...new Set(input.fileIds)];
      const attached = await files.findOwnedFiles(author, uniqueFileIds);
      if (attached.length !== uniqueFileIds.length) {
        throw new AppError('unprocessable', 'Attach only files you uploaded.', {
          reason: 'file_not_found',
        });
      }
      const ordered = uniqueFileIds.map((id) => attached.find((file) => file.id === id)!);
      if (input.payload.type === 'TEXT' && input.body.trim() === '' && ordered.length === 0) {
        throw new AppError('unprocessable', 'An empty message is not sent.', {
          reason: 'empty_message',
        });
      }
      const payload = await resolvePayload(party, input.payload);
      const { row, isNew } = await appendMessage(party, conversation, {
        body: input.body,
        payload,
        files: ordered,
        clientMessageId: input.clientMessageId,
      });
      return { message: toMessage(row), isNew };
    },

    /**
     * Issue 12: posts a card of the server's own records (an INVOICE, a shipment's TRACKING_LINK)
     * into the store's conversation with the company, authored by the supplier user, exactly as
     * if the supplier had sent it (live delivery, unread counts, preview, offline e-mail). Posts
     * nothing when the two have no conversation. Idempotent: the same card twice is stored once.
     */
    async postSupplierCard(input: PostSupplierCardInput): Promise<void> {
      const card = parseSupplierCard(input.card);
      const conversation = await conversationRepository.findByParties(
        input.storeId,
        input.companyId,
      );
      if (!conversation) return;
      const party: ChatParty = {
        kind: 'SUPPLIER',
        companyId: input.companyId,
        userId: input.userId,
        name: input.authorName,
      };
      await appendMessage(party, conversation, {
        body: '',
        payload: card,
        files: [],
        clientMessageId: cardKeyOf(card),
      });
    },

    /**
     * Answers the other side's ZOOM_MEETING_REQUEST at `index`: accepts one proposed time or
     * declines, once (the message row is locked, and the update is conditional). 404
     * `conversation_not_found` / `meeting_request_not_found`, 403 `own_meeting_request`, 409
     * `meeting_already_answered`, 400 `meeting_time_not_proposed`. Sent live after commit.
     */
    async answerMeetingRequest(
      party: ChatParty,
      conversationId: string,
      index: number,
      input: MeetingResponseInput,
    ): Promise<Message> {
      const conversation = await conversationFor(party, conversationId);
      const row = await db.transaction(async (tx) => {
        const messages = createMessageRepository(tx);
        const locked = await messages.lockByIndex(conversationId, index);
        if (!locked) throw meetingRequestNotFound();
        const payload = answeredMeetingRequest(locked, input, participantOf(party));
        const updated = await messages.answerMeetingRequest(locked.id, payload);
        if (!updated) throw meetingAlreadyAnswered();
        await events.publish(tx, 'chat.message.updated', {
          aggregateId: conversationId,
          storeId: conversation.storeId,
          payload: { ...eventPartiesOf(conversation), message: toMessage(updated) },
        });
        return updated;
      });
      return toMessage(row);
    },

    /** Moves the party's read marker forward (never back, capped at the last message). */
    async markRead(party: ChatParty, conversationId: string, lastReadIndex: number) {
      const conversation = await conversationFor(party, conversationId);
      const participant = participantOf(party);
      const index = await db.transaction(async (tx) => {
        const stored = await createConversationRepository(tx).markRead(
          conversationId,
          participant,
          lastReadIndex,
        );
        await events.publish(tx, 'chat.conversation.read', {
          aggregateId: conversationId,
          storeId: conversation.storeId,
          payload: { ...eventPartiesOf(conversation), participant, lastReadIndex: stored },
        });
        return stored;
      });
      return { lastReadIndex: index };
    },
  };
};
export type ChatService = ReturnType<typeof createChatService>;
