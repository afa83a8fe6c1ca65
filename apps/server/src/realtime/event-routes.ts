import type { Server } from 'socket.io';
import { REALTIME_EVENTS } from '@atelier/contract/chat/conversation';
import type { ReadEvent } from '@atelier/contract/chat/realtime';
import { JOB_UPDATED_SOCKET_EVENT } from '@atelier/contract/jobs/job';
import {
  ORDERS_UPDATED_SOCKET_EVENT,
  type OrdersUpdatedSocketPayload,
} from '@atelier/contract/orders/events';
import type { DomainEvent } from '@/events/domain-events';
import { companyRoom, sessionRoom, storeRoom } from './rooms';

type RealtimeEvent = DomainEvent<
  | 'chat.message.sent'
  | 'chat.message.updated'
  | 'chat.conversation.read'
  | 'identity.session.ended'
  | 'jobs.job.updated'
  | 'orders.items.updated'
  | 'orders.invoice.updated'
>;

/**
 * Where each domain event goes on the sockets, and as what (issue 8): the realtime subscriber's
 * whole job. Chat events go to both parties' rooms; a logout closes its session's sockets on
 * every process (the client does not reconnect after a server-side disconnect); a job's progress
 * goes to its store; order items and invoices (issue 12) go to both parties.
 */
export const moveEventToSockets = async (io: Server, event: RealtimeEvent): Promise<void> => {
  switch (event.type) {
    case 'chat.message.sent': {
      const { storeId, companyId, message, summaries } = event.payload;
      io.to([storeRoom(storeId), companyRoom(companyId)]).emit(REALTIME_EVENTS.message, message);
      io.to(storeRoom(storeId)).emit(REALTIME_EVENTS.conversation, summaries.store);
      io.to(companyRoom(companyId)).emit(REALTIME_EVENTS.conversation, summaries.supplier);
      return;
    }
    case 'chat.message.updated': {
      const { storeId, companyId, message } = event.payload;
      io.to([storeRoom(storeId), companyRoom(companyId)]).emit(
        REALTIME_EVENTS.messageUpdated,
        message,
      );
      return;
    }
    case 'chat.conversation.read': {
      const { storeId, companyId, conversationId, participant, lastReadIndex } = event.payload;
      io.to([storeRoom(storeId), companyRoom(companyId)]).emit(REALTIME_EVENTS.read, {
        conversationId,
        participant,
        lastReadIndex,
      } satisfies ReadEvent);
      return;
    }
    case 'identity.session.ended':
      io.in(sessionRoom(event.payload.sessionId)).disconnectSockets(true);
      return;
    case 'orders.items.updated': {
      const { storeId, companyId, itemIds, status } = event.payload;
      io.to([storeRoom(storeId), companyRoom(companyId)]).emit(ORDERS_UPDATED_SOCKET_EVENT, {
        itemIds,
        invoiceId: null,
        status,
      } satisfies OrdersUpdatedSocketPayload);
      return;
    }
    case 'orders.invoice.updated': {
      const { storeId, companyId, invoiceId, status } = event.payload;
      io.to([storeRoom(storeId), companyRoom(companyId)]).emit(ORDERS_UPDATED_SOCKET_EVENT, {
        itemIds: [],
        invoiceId,
        status,
      } satisfies OrdersUpdatedSocketPayload);
      return;
    }
    case 'jobs.job.updated':
      if (event.storeId)
        io.to(storeRoom(event.storeId)).emit(JOB_UPDATED_SOCKET_EVENT, event.payload);
      return;
  }
};
