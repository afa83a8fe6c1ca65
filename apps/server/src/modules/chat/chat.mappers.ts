import { attachmentTypeFromFileName } from '@atelier/contract/chat/attachment';
import { formatMoney } from '@atelier/contract/common/money';
import type { UploadedFile } from '@atelier/contract/files/file';
import type { Message, MessageAttachments, MessagePayload } from '@atelier/contract/chat/message';
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
    // The URL, not the name: its name segment is encoded, so a `#` in the name ends no path.
    const type = attachmentTypeFromFileName(file.url);
    if (type === 'IMAGE') attachments.imageUrls.push(file.url);
    else if (type === 'VIDEO') attachments.videoUrls.push(file.url);
    else if (type === 'PDF') attachments.pdfUrls.push(file.url);
    else attachments.fileUrls.push(file.url);
  }
  return attachments;
};

/** What a card says in the inbox list and e-mails when its message has no text. */
const cardPreview = (payload: MessagePayload): string => {
  switch (payload.type) {
    case 'CATALOG_ITEM':
      return `Product: ${payload.title}`;
    case 'REMIX_PRODUCT_ITEM':
      return `Product remix: ${payload.title}`;
    case 'SUPPLIER_PROFILE':
      return `Supplier profile: ${payload.name}`;
    case 'CREATOR_CUSTOM_PROJECT':
      return `Custom project: ${payload.title || 'Untitled'}`;
    case 'ZOOM_MEETING_REQUEST':
      return 'Meeting request';
    case 'ZOOM_MEETING':
      return 'Meeting link';
    case 'TRACKING_LINK':
      return `Tracking: ${payload.carrier} ${payload.trackingNumber}`;
    case 'INVOICE':
      return `Invoice: ${payload.title} · ${formatMoney({ amount: payload.total, currencyCode: payload.currencyCode })}`;
    case 'IMAGE_COLLABORATION':
      return 'Image collaboration';
    case 'CREATOR_MILESTONE':
      return 'Sales milestone';
    case 'AI':
      return 'AI message';
    case 'TEXT':
    case 'IMAGE':
    case 'VIDEO':
    case 'PDF':
      return '';
  }
};

/** The conversation's last-message preview: the text, else the files, else the card. */
export const previewOf = (
  body: string,
  files: readonly UploadedFile[],
  payload?: MessagePayload,
) => {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text) return text.slice(0, PREVIEW_LENGTH);
  if (files.length > 0) {
    return `📎 ${files.map((file) => file.name).join(', ')}`.slice(0, PREVIEW_LENGTH);
  }
  return payload ? cardPreview(payload).slice(0, PREVIEW_LENGTH) : '';
};
