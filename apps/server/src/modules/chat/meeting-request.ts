import type { MeetingResponseInput } from '@atelier/contract/chat/conversation';
import type { MessagePayload, Participant } from '@atelier/contract/chat/message';
import { AppError } from '@/lib/app-error';

type MeetingRequestPayload = Extract<MessagePayload, { type: 'ZOOM_MEETING_REQUEST' }>;

export const meetingRequestNotFound = () =>
  new AppError('not_found', 'This conversation has no meeting request at this index.', {
    reason: 'meeting_request_not_found',
  });

export const meetingAlreadyAnswered = () =>
  new AppError('conflict', 'This meeting request has already been answered.', {
    reason: 'meeting_already_answered',
  });

/**
 * The payload of a meeting request once `answeredBy` answers it. 404 `meeting_request_not_found`
 * when the message is not a ZOOM_MEETING_REQUEST, 403 `own_meeting_request` for the requester's
 * own side, 409 `meeting_already_answered`, 400 `meeting_time_not_proposed` (with the field)
 * when the accepted time is not one of the proposed times (compared as instants).
 */
export const answeredMeetingRequest = (
  message: { author: string; payload: MessagePayload },
  input: MeetingResponseInput,
  answeredBy: Participant,
): MeetingRequestPayload => {
  const { payload } = message;
  if (payload.type !== 'ZOOM_MEETING_REQUEST') throw meetingRequestNotFound();
  if (message.author === answeredBy) {
    throw new AppError('forbidden', 'The other party answers your meeting request.', {
      reason: 'own_meeting_request',
    });
  }
  if (payload.response) throw meetingAlreadyAnswered();
  if (input.status === 'DECLINED') {
    return { ...payload, response: { status: 'DECLINED', acceptedTime: null, answeredBy } };
  }
  const accepted = new Date(input.acceptedTime).getTime();
  const proposed = payload.proposedTimes.find((time) => new Date(time).getTime() === accepted);
  if (proposed === undefined) {
    const text = 'Accept one of the proposed times.';
    throw new AppError('bad_request', text, {
      reason: 'meeting_time_not_proposed',
      details: [{ field: 'body.acceptedTime', message: text }],
    });
  }
  return { ...payload, response: { status: 'ACCEPTED', acceptedTime: proposed, answeredBy } };
};
