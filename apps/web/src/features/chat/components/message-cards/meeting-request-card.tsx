import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarQuestion, IconCheck } from '@tabler/icons-react';
import type { MessagePayload } from '@atelier/contract/chat/message';
import { useAnswerMeetingRequest } from '../../api/message-queries';
import type { ChatClient } from '../../chat-client';
import { formatMeetingTime } from '../../chat-format';
import { CardFrame } from './card-frame';

type MeetingRequestCardProps = {
  payload: Extract<MessagePayload, { type: 'ZOOM_MEETING_REQUEST' }>;
  client: ChatClient;
  conversationId: string;
  /** The stored message's index; `null` while it is still sending. */
  index: number | null;
  isOwn: boolean;
};

const Answer = ({
  response,
}: {
  response: NonNullable<MeetingRequestCardProps['payload']['response']>;
}) =>
  response.status === 'ACCEPTED' ? (
    <Badge color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
      Accepted{response.acceptedTime ? `: ${formatMeetingTime(response.acceptedTime)}` : ''}
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Declined
    </Badge>
  );

/**
 * A request for a video meeting with up to five proposed times. The other party accepts one
 * time or declines; the requester waits for that answer.
 */
export const MeetingRequestCard = ({
  payload,
  client,
  conversationId,
  index,
  isOwn,
}: MeetingRequestCardProps) => {
  const answer = useAnswerMeetingRequest(client, conversationId);
  const canAnswer = !isOwn && index !== null && payload.response === null;
  const answering = answer.isPending ? answer.variables : undefined;

  return (
    <CardFrame icon={<IconCalendarQuestion size={14} aria-hidden />} label="Meeting request">
      <Text size="sm" fw={600}>
        {isOwn ? 'You proposed a video meeting' : 'Proposed times for a video meeting'}
      </Text>
      <Stack gap={6}>
        {payload.proposedTimes.map((time) => {
          const isAccepted = payload.response?.acceptedTime === time;
          return (
            <Group key={time} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={isAccepted ? 700 : 400}>
                {formatMeetingTime(time)}
              </Text>
              {canAnswer ? (
                <Button
                  size="compact-xs"
                  variant="light"
                  aria-label={`Accept ${formatMeetingTime(time)}`}
                  loading={
                    answering?.answer.status === 'ACCEPTED' &&
                    answering.answer.acceptedTime === time
                  }
                  disabled={answer.isPending}
                  onClick={() =>
                    index !== null &&
                    answer.mutate({ index, answer: { status: 'ACCEPTED', acceptedTime: time } })
                  }
                >
                  Accept
                </Button>
              ) : null}
            </Group>
          );
        })}
      </Stack>
      {payload.response ? (
        <Answer response={payload.response} />
      ) : canAnswer ? (
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          style={{ alignSelf: 'flex-start' }}
          loading={answering?.answer.status === 'DECLINED'}
          disabled={answer.isPending}
          onClick={() => index !== null && answer.mutate({ index, answer: { status: 'DECLINED' } })}
        >
          Decline
        </Button>
      ) : (
        <Text size="xs" c="dimmed">
          Waiting for answer
        </Text>
      )}
    </CardFrame>
  );
};
