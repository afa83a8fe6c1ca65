import {
  storeParticipant,
  supplierParticipant,
  type Participant,
} from '@atelier/contract/chat/message';
import type { ConversationRow } from './chat.table';

/** Who takes part: a store's user (creator side) or a supplier company's user. */
export type ChatParty =
  | { kind: 'STORE'; storeId: string; userId: string; name: string }
  | { kind: 'SUPPLIER'; companyId: string; userId: string; name: string };

/** The party's participant id: `store_{id}` or `customer_{id}` (spec §3). */
export const participantOf = (party: ChatParty): Participant =>
  party.kind === 'STORE' ? storeParticipant(party.storeId) : supplierParticipant(party.companyId);

/** The other side's participant id in a conversation. */
export const otherParticipantOf = (party: ChatParty, conversation: ConversationRow): Participant =>
  party.kind === 'STORE'
    ? supplierParticipant(conversation.companyId)
    : storeParticipant(conversation.storeId);

export const belongsTo = (party: ChatParty, conversation: ConversationRow): boolean =>
  party.kind === 'STORE'
    ? conversation.storeId === party.storeId
    : conversation.companyId === party.companyId;

/** The party a participant id names, for the file read check (undefined when malformed). */
export const sideOfParticipant = (
  participant: string,
): { kind: 'STORE'; storeId: string } | { kind: 'SUPPLIER'; companyId: string } | undefined => {
  if (participant.startsWith('store_')) return { kind: 'STORE', storeId: participant.slice(6) };
  if (participant.startsWith('customer_')) {
    return { kind: 'SUPPLIER', companyId: participant.slice(9) };
  }
  return undefined;
};

/** The parties of a conversation, as every chat event carries them. */
export const eventPartiesOf = (conversation: ConversationRow) => ({
  conversationId: conversation.id,
  storeId: conversation.storeId,
  companyId: conversation.companyId,
});
