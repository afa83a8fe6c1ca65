import {
  answerMeetingRequest,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
} from '@atelier/contract/chat/conversation';
import { uploadFile } from '@atelier/contract/files/file';
import {
  answerPartnerMeetingRequest,
  listPartnerConversations,
  listPartnerMessages,
  markPartnerConversationRead,
  sendPartnerMessage,
  uploadPartnerFile,
} from '@atelier/contract/chat/partner';
import { hrefs } from '@/config/paths';
import { callApi, callPartnerApi } from '@/lib/api-client';
import { browserPartnerTokenStore, browserTokenStore } from '@/lib/session-token';

/** Which party the signed-in user speaks for: a store (creator) or a supplier company. */
export type ChatSide = 'STORE' | 'SUPPLIER';

type ChatEndpoints = {
  listConversations: typeof listConversations | typeof listPartnerConversations;
  listMessages: typeof listMessages | typeof listPartnerMessages;
  sendMessage: typeof sendMessage | typeof sendPartnerMessage;
  markConversationRead: typeof markConversationRead | typeof markPartnerConversationRead;
  uploadFile: typeof uploadFile | typeof uploadPartnerFile;
  answerMeetingRequest: typeof answerMeetingRequest | typeof answerPartnerMeetingRequest;
};

/** Everything the chat screens need to speak for one side: calls, session token and links. */
export type ChatClient = {
  side: ChatSide;
  callApi: typeof callApi;
  endpoints: ChatEndpoints;
  /** The side's bearer token (for the socket, uploads and file downloads), `null` signed out. */
  getToken: () => string | null;
  /** The inbox, or one conversation in it, on this side's pages. */
  hrefOf: (conversationId?: string) => string;
};

export const storeChatClient: ChatClient = {
  side: 'STORE',
  callApi,
  endpoints: {
    listConversations,
    listMessages,
    sendMessage,
    markConversationRead,
    uploadFile,
    answerMeetingRequest,
  },
  getToken: () => browserTokenStore.getToken(),
  hrefOf: (conversationId) => hrefs.conversation(conversationId),
};

export const partnerChatClient: ChatClient = {
  side: 'SUPPLIER',
  callApi: callPartnerApi,
  endpoints: {
    listConversations: listPartnerConversations,
    listMessages: listPartnerMessages,
    sendMessage: sendPartnerMessage,
    markConversationRead: markPartnerConversationRead,
    uploadFile: uploadPartnerFile,
    answerMeetingRequest: answerPartnerMeetingRequest,
  },
  getToken: () => browserPartnerTokenStore.getToken(),
  hrefOf: (conversationId) => hrefs.partnerConversation(conversationId),
};
