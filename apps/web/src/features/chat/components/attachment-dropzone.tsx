import '@mantine/dropzone/styles.css';
import { Center, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';

type AttachmentDropzoneProps = {
  /** The other party, named in the hint. */
  otherName: string;
  /** Every dropped file, refused ones too: the draft says why the server refuses a file. */
  onAdd: (files: File[]) => void;
};

/** Files dropped anywhere on the page attach to the message being written. */
export const AttachmentDropzone = ({ otherName, onAdd }: AttachmentDropzoneProps) => (
  <Dropzone.FullScreen
    active
    // Only a drop target: the composer's attach button is the keyboard way to add files.
    activateOnKeyboard={false}
    inputProps={{ 'aria-hidden': true }}
    onDrop={onAdd}
    onReject={(rejections) => onAdd(rejections.map((rejection) => rejection.file))}
  >
    <Center h="60vh">
      <Stack align="center" gap="xs">
        <IconUpload size={48} stroke={1.5} aria-hidden />
        <Text size="lg" fw={600}>
          Drop files to attach them
        </Text>
        <Text size="sm" c="dimmed">
          Images and PDFs up to 20 MB, for your message to {otherName}
        </Text>
      </Stack>
    </Center>
  </Dropzone.FullScreen>
);
