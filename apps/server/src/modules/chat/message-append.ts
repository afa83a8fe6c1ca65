import type { MessagePayload } from '@atelier/contract/chat/message';
import type { UploadedFile } from '@atelier/contract/files/file';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { FilesModule } from '@/modules/files';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { eventPartiesOf, otherParticipantOf, participantOf, type ChatParty } from './chat-party';
import { previewOf, toAttachments, toMessage } from './chat.mappers';
import type { ChatMessageRow, ConversationRow } from './chat.table';
import type { ConversationSummaries } from './conversation-summaries';
import { createConversationRepository } from './conversation.repository';
import { createMessageRepository } from './message.repository';

export type NewMessage = {
  body: string;
  /** Already resolved: what the card shows, as stored. */
  payload: MessagePayload;
  files: readonly UploadedFile[];
  clientMessageId: string | undefined;
};

type MessageAppenderDeps = {
  db: Database;
  clock: Clock;
  files: Pick<FilesModule['fileService'], 'grantAccess'>;
  events: EventBus;
  summaries: ConversationSummaries;
};

/**
 * Appends a message as the party, the one write path of every message (sent or posted by the
 * server): index allocated in the same transaction as the insert (gapless under concurrency),
 * the author's read marker moved to it, its files shared with the other side, and
 * `chat.message.sent` published (live delivery, the other side's unread count, offline e-mail).
 * A message with the author's clientMessageId already stored is returned instead (`isNew` false).
 */
export const createMessageAppender =
  ({ db, clock, files, events, summaries }: MessageAppenderDeps) =>
  async (
    party: ChatParty,
    conversation: ConversationRow,
    message: NewMessage,
  ): Promise<{ row: ChatMessageRow; isNew: boolean }> => {
    const author = participantOf(party);
    const { body, payload, files: attached, clientMessageId } = message;
    // Names for the summaries the event carries (other modules' reads stay outside the
    // transaction: on PGlite a read on the root handle inside it would wait forever).
    const names = await summaries.loadNames([conversation]);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const messages = createMessageRepository(tx);
      const locked = await messages.lockConversation(conversation.id);
      if (!locked) {
        throw new AppError('not_found', 'This conversation does not exist.', {
          reason: 'conversation_not_found',
        });
      }
      if (clientMessageId !== undefined) {
        const existing = await messages.findByClientMessageId(
          conversation.id,
          author,
          clientMessageId,
        );
        if (existing) return { row: existing, isNew: false };
      }
      const allocated = await messages.allocateIndex(conversation.id, {
        at: now,
        preview: previewOf(body, attached, payload),
      });
      const row = await messages.insert({
        id: newId('msg'),
        conversationId: conversation.id,
        index: allocated.lastMessageIndex,
        author,
        authorUserId: party.userId,
        authorName: party.name,
        type: payload.type,
        body,
        payload,
        attachments: toAttachments(attached),
        fileIds: attached.map((file) => file.id),
        clientMessageId: clientMessageId ?? null,
        createdAt: now,
      });
      const txConversations = createConversationRepository(tx);
      await txConversations.markRead(conversation.id, author, row.index);
      await files.grantAccess(tx, row.fileIds, [otherParticipantOf(party, locked)]);
      const [storeSide, supplierSide] = summaries.summariesOf(
        (await txConversations.findWithBothReads(conversation.id))!,
        names,
      );
      await events.publish(tx, 'chat.message.sent', {
        aggregateId: conversation.id,
        storeId: locked.storeId,
        payload: {
          ...eventPartiesOf(locked),
          message: toMessage(row),
          summaries: { store: storeSide!, supplier: supplierSide! },
        },
      });
      return { row, isNew: true };
    });
  };
