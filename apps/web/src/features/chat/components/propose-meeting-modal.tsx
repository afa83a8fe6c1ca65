import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { SendMessagePayload } from '@atelier/contract/chat/message';
import { checkProposedTimes, MAX_PROPOSED_TIMES } from '../meeting-times';

type ProposeMeetingModalProps = {
  onClose: () => void;
  onSend: (payload: SendMessagePayload, body?: string) => void;
};

/** Either side proposes up to five times for a video meeting; the other side picks one. */
export const ProposeMeetingModal = ({ onClose, onSend }: ProposeMeetingModalProps) => {
  const [values, setValues] = useState<string[]>(['']);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = () => {
    const problem = checkProposedTimes(values, new Date());
    setError(problem);
    if (problem) return;
    const proposedTimes = values
      .filter((value) => value !== '')
      .map((value) => new Date(value).toISOString())
      .sort();
    onSend({ type: 'ZOOM_MEETING_REQUEST', proposedTimes, response: null }, note.trim());
  };

  return (
    <Modal opened onClose={onClose} title="Propose a meeting">
      <form
        noValidate
        aria-label="Propose a meeting"
        onSubmit={(event) => {
          event.preventDefault();
          handleSubmit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Offer up to {MAX_PROPOSED_TIMES} times in your time zone. The other side accepts one of
            them or declines.
          </Text>
          {error ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
              {error}
            </Alert>
          ) : null}
          {values.map((value, position) => (
            <Group key={position} gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                flex={1}
                type="datetime-local"
                label={`Time ${position + 1}`}
                value={value}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  setError(null);
                  setValues((current) =>
                    current.map((item, at) => (at === position ? next : item)),
                  );
                }}
              />
              {values.length > 1 ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={`Remove time ${position + 1}`}
                  onClick={() => setValues((current) => current.filter((_, at) => at !== position))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              ) : null}
            </Group>
          ))}
          {values.length < MAX_PROPOSED_TIMES ? (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setValues((current) => [...current, ''])}
              style={{ alignSelf: 'flex-start' }}
            >
              Add another time
            </Button>
          ) : null}
          <Textarea
            label="Note (optional)"
            placeholder="What would you like to discuss?"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Send proposal</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
