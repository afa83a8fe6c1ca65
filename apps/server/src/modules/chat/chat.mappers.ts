import { attachmentTypeFromFileName } from '@atelier/contract/chat/attachment';
import type { UploadedFile } from '@atelier/contract/chat/file';
import type { Message, MessageAttachments } from '@atelier/contract/chat/message';
import type { ChatMessageRow } from './chat.table';

const PREVIEW_LENGTH = 200;

export const toMessage = (row: ChatMessageRow): Message => ({
  sid: row.id,
  conversationId: row.conversationId,
  index: row.index,
  author: row.author,
  authorName: row.authorName,
  body: row.body,
  payload: row.payload,
  attachments: row.attachments,
  createdAt: row.createdAt.toISOString(),
  ...(row.clientMessageId === null ? {} : { clientMessageId: row.clientMessageId }),
});

/** Spec §5: files sorted into the attachment lists by the type of their extension. */
export const toAttachments = (files: readonly UploadedFile[]): MessageAttachments => {
  const attachments: MessageAttachments = {
    fileUrls: [],
    imageUrls: [],
    videoUrls: [],
    pdfUrls: [],
  };
  for (const file of files) {
    const type = attachmentTypeFromFileName(file.name);
    if (type === 'IMAGE') attachments.imageUrls.push(file.url);
    else if (type === 'VIDEO') attachments.videoUrls.push(file.url);
    else if (type === 'PDF') attachments.pdfUrls.push(file.url);
    else attachments.fileUrls.push(file.url);
  }
  return attachments;
};

/** The inbox preview of a message: its text on one line, else the names of its files. */
export const previewOf = (body: string, files: readonly UploadedFile[]) => {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text) return text.slice(0, PREVIEW_LENGTH);
  return files.length > 0
    ? `📎 ${files.map((file) => file.name).join(', ')}`.slice(0, PREVIEW_LENGTH)
    : '';
};

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The value with every lone UTF-16 surrogate in its strings replaced by U+FFFD: PostgreSQL
 * refuses them in jsonb (a text column gets the same replacement from the UTF-8 encoding).
 */
export const wellFormed = <T>(value: T): T => {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\ufffd') as T;
  if (Array.isArray(value)) return value.map((item: unknown) => wellFormed(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, wellFormed(item)]),
    ) as T;
  }
  return value;
};
