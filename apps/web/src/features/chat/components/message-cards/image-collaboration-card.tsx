import { Image, Text } from '@mantine/core';
import { IconPhotoEdit } from '@tabler/icons-react';
import { isImageUrl, type MessagePayload } from '@atelier/contract/chat/message';
import { isFileUrl } from '@atelier/contract/files/file';
import type { ChatClient } from '../../chat-client';
import { AuthImage } from './auth-image';
import { CardFrame } from './card-frame';

type ImageCollaborationCardProps = {
  payload: Extract<MessagePayload, { type: 'IMAGE_COLLABORATION' }>;
  client: ChatClient;
};

/**
 * An image under discussion, with the note about it. Only an uploaded file or a web image
 * (`isImageUrl`) is shown; any other stored address is never put into the page.
 */
export const ImageCollaborationCard = ({ payload, client }: ImageCollaborationCardProps) => (
  <CardFrame icon={<IconPhotoEdit size={14} aria-hidden />} label="Image feedback">
    {isFileUrl(payload.imageUrl) ? (
      <AuthImage client={client} url={payload.imageUrl} alt="Image under discussion" />
    ) : isImageUrl(payload.imageUrl) ? (
      <Image
        src={payload.imageUrl}
        alt="Image under discussion"
        radius="sm"
        mah={200}
        fit="contain"
      />
    ) : null}
    {payload.note ? (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {payload.note}
      </Text>
    ) : null}
  </CardFrame>
);
