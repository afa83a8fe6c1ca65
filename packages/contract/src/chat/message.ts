import { z } from 'zod';
import { MoneySchema } from '../common/money';
import { isValidLink, LinkSchema, textSchema } from '../common/validation';
import { isFileUrl } from '../files/file';

/**
 * Spec §3 chat message types, plus INVOICE (issue 12): a supplier invoice's card, which only the
 * server posts (SERVER_ONLY_MESSAGE_TYPES).
 */
export const MessageTypeSchema = z.enum([
  'TEXT',
  'IMAGE',
  'VIDEO',
  'PDF',
  'AI',
  'CREATOR_MILESTONE',
  'CATALOG_ITEM',
  'REMIX_PRODUCT_ITEM',
  'IMAGE_COLLABORATION',
  'ZOOM_MEETING',
  'ZOOM_MEETING_REQUEST',
  'SUPPLIER_PROFILE',
  'CREATOR_CUSTOM_PROJECT',
  'TRACKING_LINK',
  'INVOICE',
]);
export type MessageType = z.infer<typeof MessageTypeSchema>;

/** Spec §3 participants: `store_{id}` (creator) or `customer_{id}` (supplier company). */
export const ParticipantSchema = z.string().regex(/^(store|customer)_[a-z0-9_]+$/);
export type Participant = z.infer<typeof ParticipantSchema>;

export const storeParticipant = (storeId: string): Participant => `store_${storeId}`;
export const supplierParticipant = (companyId: string): Participant => `customer_${companyId}`;
/** Spec §3: authors starting with `store_` are the store's own messages. */
export const isStoreAuthor = (author: string): boolean => author.startsWith('store_');

/** Spec §3 conversation name: `manufacturer:store_{id}-customer_{id}`. */
export const conversationName = (storeId: string, companyId: string): string =>
  `manufacturer:${storeParticipant(storeId)}-${supplierParticipant(companyId)}`;

/** Spec §3 attachment lists. */
export const MessageAttachmentsSchema = z.object({
  fileUrls: z.array(z.string()),
  imageUrls: z.array(z.string()),
  videoUrls: z.array(z.string()),
  pdfUrls: z.array(z.string()),
});
export type MessageAttachments = z.infer<typeof MessageAttachmentsSchema>;

const MeetingTimeSchema = z.iso.datetime();

/**
 * An image a card shows: one of the app's own file URLs (`fileUrl`) or an address the spec §5
 * link check accepts, except ftp (browsers show no ftp images). javascript:, data:, vbscript:
 * and every other scheme are refused, in any letter case and with any whitespace.
 */
export const isImageUrl = (value: string): boolean =>
  isFileUrl(value.trim()) || (isValidLink(value) && !/^\s*ftp:/i.test(value));

export const ImageUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(
    isImageUrl,
    'Enter an image link that starts with https:// or http://, or an uploaded file.',
  );

/**
 * Issue 12: the card of a supplier invoice, posted by the server when the supplier creates it
 * (`total` in minor units of `currencyCode`, shipping included).
 */
const InvoicePayloadSchema = z.object({
  type: z.literal('INVOICE'),
  invoiceId: z.string().regex(/^inv_[a-z0-9]+$/),
  title: z.string().max(300),
  lineCount: z.number().int().min(1),
  total: z.number().int().min(0),
  currencyCode: z.string().regex(/^[A-Z]{3}$/),
});

/** Message types only the server posts (its own records' cards); a sender cannot send them. */
export const SERVER_ONLY_MESSAGE_TYPES: readonly MessageType[] = ['INVOICE'];

/** As stored: messages sent before ImageUrlSchema may hold any text (readers check isImageUrl). */
const ImageCollaborationPayloadSchema = z.object({
  type: z.literal('IMAGE_COLLABORATION'),
  imageUrl: z.string().max(2048),
  note: textSchema(2000),
});

/** The typed payload of each stored message type (what its card shows). */
export const MessagePayloadSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TEXT') }),
  z.object({ type: z.literal('IMAGE') }),
  z.object({ type: z.literal('VIDEO') }),
  z.object({ type: z.literal('PDF') }),
  z.object({ type: z.literal('AI'), model: z.string().max(100).optional() }),
  z.object({
    type: z.literal('CREATOR_MILESTONE'),
    milestone: z.enum([
      'DEFAULT',
      'FIRST_SALE',
      '1K',
      '5K',
      '10K',
      '50K',
      '100K',
      '500K',
      '1M',
      '5M',
    ]),
  }),
  z.object({
    type: z.literal('CATALOG_ITEM'),
    itemId: z.string().regex(/^itm_[a-z0-9]+$/),
    title: z.string().max(300),
    price: MoneySchema.nullable(),
  }),
  z.object({
    type: z.literal('REMIX_PRODUCT_ITEM'),
    itemId: z.string().regex(/^itm_[a-z0-9]+$/),
    title: z.string().max(300),
    changes: textSchema(2000),
  }),
  ImageCollaborationPayloadSchema,
  z.object({
    type: z.literal('ZOOM_MEETING'),
    joinUrl: LinkSchema,
    startsAt: MeetingTimeSchema,
  }),
  z.object({
    type: z.literal('ZOOM_MEETING_REQUEST'),
    proposedTimes: z.array(MeetingTimeSchema).min(1).max(5),
    /** Set by the other side's answer. */
    response: z
      .object({
        status: z.enum(['ACCEPTED', 'DECLINED']),
        acceptedTime: MeetingTimeSchema.nullable(),
        answeredBy: ParticipantSchema,
      })
      .nullable()
      .default(null),
  }),
  z.object({
    type: z.literal('SUPPLIER_PROFILE'),
    companyId: z.string().regex(/^cmp_[a-z0-9]+$/),
    name: z.string().max(300),
  }),
  z.object({
    type: z.literal('CREATOR_CUSTOM_PROJECT'),
    projectId: z.string().regex(/^rfp_[a-z0-9]+$/),
    title: z.string().max(300),
    quantity: z.number().int().nullable(),
  }),
  z.object({
    type: z.literal('TRACKING_LINK'),
    url: LinkSchema,
    carrier: textSchema(100),
    trackingNumber: textSchema(100),
  }),
  InvoicePayloadSchema,
]);
export type MessagePayload = z.infer<typeof MessagePayloadSchema>;

/**
 * The typed payload a sender may send: an IMAGE_COLLABORATION image passes ImageUrlSchema, and
 * no server-only type (an INVOICE card) is accepted.
 */
export const SendMessagePayloadSchema = z.discriminatedUnion('type', [
  ImageCollaborationPayloadSchema.extend({ imageUrl: ImageUrlSchema }),
  ...MessagePayloadSchema.options.filter(
    (
      option,
    ): option is Exclude<
      (typeof MessagePayloadSchema.options)[number],
      typeof ImageCollaborationPayloadSchema | typeof InvoicePayloadSchema
    > => option !== ImageCollaborationPayloadSchema && option !== InvoicePayloadSchema,
  ),
]);
export type SendMessagePayload = z.infer<typeof SendMessagePayloadSchema>;

/** Spec §3 message: index monotonic per conversation, sid, author, body, attachments. */
export const MessageSchema = z.object({
  sid: z.string(),
  conversationId: z.string(),
  index: z.number().int().min(0),
  author: ParticipantSchema,
  authorName: z.string(),
  body: z.string(),
  payload: MessagePayloadSchema,
  attachments: MessageAttachmentsSchema,
  createdAt: z.iso.datetime(),
  /**
   * The id the sending client chose (absent when it sent none): lets the sender's tabs replace
   * their pending copy when the stored message arrives live before the send call answers.
   */
  clientMessageId: z.string().optional(),
});
export type Message = z.infer<typeof MessageSchema>;

/** Spec §9 chat history page size. */
export const CHAT_HISTORY_PAGE_SIZE = 10;
