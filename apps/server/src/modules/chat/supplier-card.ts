import { createHash } from 'node:crypto';
import { MessagePayloadSchema, type MessagePayload } from '@atelier/contract/chat/message';

/** A card the server posts for a supplier (issue 12): its invoice, or a shipment's tracking. */
export type SupplierCard = Extract<MessagePayload, { type: 'INVOICE' | 'TRACKING_LINK' }>;

export type PostSupplierCardInput = {
  companyId: string;
  storeId: string;
  /** The supplier user the card is posted for (its author). */
  userId: string;
  authorName: string;
  card: SupplierCard;
};

/**
 * The card as stored: checked against the contract's payload schema, since a card that broke it
 * would break every history page it is on. Throws a ZodError for such a card.
 */
export const parseSupplierCard = (card: SupplierCard): SupplierCard => {
  const parsed = MessagePayloadSchema.parse(card);
  if (parsed.type !== 'INVOICE' && parsed.type !== 'TRACKING_LINK') {
    throw new TypeError(`${parsed.type} is not a supplier card.`);
  }
  return parsed;
};

/**
 * The card's idempotency key, stored as its clientMessageId: a card posted again (a retried
 * event) is not stored twice. One invoice, one card; one shipment (carrier and tracking number),
 * one card, however many order items it carries.
 */
export const cardKeyOf = (card: SupplierCard): string => {
  switch (card.type) {
    case 'INVOICE':
      return `invoice:${card.invoiceId}`;
    case 'TRACKING_LINK': {
      const shipment = `${card.carrier.trim().toLowerCase()}\n${card.trackingNumber.trim()}`;
      return `tracking:${createHash('sha256').update(shipment).digest('hex').slice(0, 40)}`;
    }
  }
};
