import { Button, Group, Image, Modal, Stack } from '@mantine/core';
import { IconDownload, IconFile, IconFileTypePdf, IconMovie } from '@tabler/icons-react';
import { useState } from 'react';
import type { MessageAttachments } from '@atelier/contract/chat/message';
import { showErrorToast } from '@/lib/notify';
import { saveChatFile } from '../../api/file-transfer';
import type { ChatClient } from '../../chat-client';
import { fileNameOfUrl } from '../../chat-format';
import { AuthImage } from './auth-image';

type AttachmentListProps = { client: ChatClient; attachments: MessageAttachments; isOwn: boolean };

const FileChip = ({
  client,
  url,
  icon,
}: {
  client: ChatClient;
  url: string;
  icon: React.ReactNode;
}) => {
  const name = fileNameOfUrl(url);
  const [isSaving, setIsSaving] = useState(false);
  return (
    <Button
      variant="default"
      size="xs"
      radius="xl"
      leftSection={icon}
      rightSection={<IconDownload size={14} aria-hidden />}
      loading={isSaving}
      aria-label={`Download ${name}`}
      maw={280}
      styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
      onClick={() => {
        setIsSaving(true);
        saveChatFile(client, url, name)
          .catch(() => showErrorToast(`${name} could not be downloaded.`))
          .finally(() => setIsSaving(false));
      }}
    >
      {name}
    </Button>
  );
};

/**
 * Spec §3 attachment lists of a message: images as thumbnails (opened large on click), PDFs,
 * videos and other files as download chips with their names.
 */
export const AttachmentList = ({ client, attachments, isOwn }: AttachmentListProps) => {
  const [openImage, setOpenImage] = useState<{ url: string; name: string } | null>(null);
  const { imageUrls, pdfUrls, videoUrls, fileUrls } = attachments;
  if (imageUrls.length + pdfUrls.length + videoUrls.length + fileUrls.length === 0) return null;

  return (
    <Stack gap={6} align={isOwn ? 'flex-end' : 'flex-start'}>
      {imageUrls.length > 0 ? (
        <Group gap={6} justify={isOwn ? 'flex-end' : 'flex-start'}>
          {imageUrls.map((url) => (
            <AuthImage
              key={url}
              client={client}
              url={url}
              alt={fileNameOfUrl(url)}
              onOpen={(objectUrl) => setOpenImage({ url: objectUrl, name: fileNameOfUrl(url) })}
            />
          ))}
        </Group>
      ) : null}
      {pdfUrls.map((url) => (
        <FileChip
          key={url}
          client={client}
          url={url}
          icon={<IconFileTypePdf size={16} aria-hidden />}
        />
      ))}
      {videoUrls.map((url) => (
        <FileChip key={url} client={client} url={url} icon={<IconMovie size={16} aria-hidden />} />
      ))}
      {fileUrls.map((url) => (
        <FileChip key={url} client={client} url={url} icon={<IconFile size={16} aria-hidden />} />
      ))}
      <Modal
        opened={openImage !== null}
        onClose={() => setOpenImage(null)}
        title={openImage?.name}
        size="xl"
        centered
      >
        {openImage ? (
          <Image src={openImage.url} alt={openImage.name} fit="contain" mah="75vh" />
        ) : null}
      </Modal>
    </Stack>
  );
};
