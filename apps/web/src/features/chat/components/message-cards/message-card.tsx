import type { MessagePayload } from '@atelier/contract/chat/message';
import type { ChatClient } from '../../chat-client';
import { AiMessageCard } from './ai-message-card';
import { CatalogItemCard } from './catalog-item-card';
import { CustomProjectCard } from './custom-project-card';
import { ImageCollaborationCard } from './image-collaboration-card';
import { InvoiceCard } from './invoice-card';
import { MeetingRequestCard } from './meeting-request-card';
import { MilestoneCard } from './milestone-card';
import { RemixProductCard } from './remix-product-card';
import { SupplierProfileCard } from './supplier-profile-card';
import { TrackingLinkCard } from './tracking-link-card';
import { ZoomMeetingCard } from './zoom-meeting-card';

type MessageCardProps = {
  payload: MessagePayload;
  body: string;
  authorName: string;
  client: ChatClient;
  conversationId: string;
  /** `null` while the message is still sending. */
  index: number | null;
  isOwn: boolean;
};

/** The card of a message's typed payload; text and plain attachments have none. */
export const MessageCard = ({
  payload,
  body,
  authorName,
  client,
  conversationId,
  index,
  isOwn,
}: MessageCardProps) => {
  switch (payload.type) {
    case 'TEXT':
    case 'IMAGE':
    case 'VIDEO':
    case 'PDF':
      return null;
    case 'AI':
      return <AiMessageCard payload={payload} body={body} />;
    case 'CREATOR_MILESTONE':
      return <MilestoneCard payload={payload} authorName={authorName} />;
    case 'CATALOG_ITEM':
      return <CatalogItemCard payload={payload} side={client.side} />;
    case 'REMIX_PRODUCT_ITEM':
      return <RemixProductCard payload={payload} side={client.side} />;
    case 'IMAGE_COLLABORATION':
      return <ImageCollaborationCard payload={payload} client={client} />;
    case 'ZOOM_MEETING':
      return <ZoomMeetingCard payload={payload} />;
    case 'ZOOM_MEETING_REQUEST':
      return (
        <MeetingRequestCard
          payload={payload}
          client={client}
          conversationId={conversationId}
          index={index}
          isOwn={isOwn}
        />
      );
    case 'SUPPLIER_PROFILE':
      return <SupplierProfileCard payload={payload} side={client.side} />;
    case 'CREATOR_CUSTOM_PROJECT':
      return <CustomProjectCard payload={payload} side={client.side} />;
    case 'TRACKING_LINK':
      return <TrackingLinkCard payload={payload} />;
    case 'INVOICE':
      return <InvoiceCard payload={payload} side={client.side} />;
  }
};
