import { Button, Center, Image, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useChatFileUrl } from '../../api/file-queries';
import type { ChatClient } from '../../chat-client';

type AuthImageProps = {
  client: ChatClient;
  url: string;
  alt: string;
  /** Opens the full image; without it the thumbnail is not clickable. */
  onOpen?: (objectUrl: string) => void;
  size?: number;
};

/** An image attachment, fetched with the session token and shown from an object URL. */
export const AuthImage = ({ client, url, alt, onOpen, size = 160 }: AuthImageProps) => {
  const { objectUrl, isError, retry } = useChatFileUrl(client, url);
  if (isError) {
    return (
      <Center
        w={size}
        h={size * 0.75}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 8 }}
      >
        <Stack gap={2} align="center">
          <Text size="xs" c="dimmed" ta="center">
            <IconPhotoOff size={18} aria-hidden />
            <br />
            Image unavailable
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={retry}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!objectUrl)
    return <Skeleton w={size} h={size * 0.75} radius="md" aria-label={`Loading ${alt}`} />;
  const image = (
    <Image src={objectUrl} alt={alt} w={size} h={size * 0.75} fit="cover" radius="md" />
  );
  return onOpen ? (
    <UnstyledButton onClick={() => onOpen(objectUrl)} aria-label={`Open ${alt}`}>
      {image}
    </UnstyledButton>
  ) : (
    image
  );
};
