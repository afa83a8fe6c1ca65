import type { ChatParty } from '@/modules/chat';

/** Socket.IO room names: one per store, supplier company, conversation and session. */
export const storeRoom = (storeId: string) => `store:${storeId}`;
export const companyRoom = (companyId: string) => `company:${companyId}`;
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;
/** The sockets of one session (closed when it logs out); keyed by id, never by the token. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export const partyRoom = (party: ChatParty): string =>
  party.kind === 'STORE' ? storeRoom(party.storeId) : companyRoom(party.companyId);
