import { Avatar } from '@mantine/core';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { ChatSide } from '../chat-client';
import { initialsOf } from '../chat-format';
import { otherPartyName } from '../chat-party';

type PartyAvatarProps = { side: ChatSide; summary: ConversationSummary };

/** The other party's avatar: the summary's image is the supplier's, so a supplier sees initials. */
export const PartyAvatar = ({ side, summary }: PartyAvatarProps) => {
  const name = otherPartyName(side, summary);
  return (
    <Avatar
      src={side === 'STORE' ? summary.avatarUrl : null}
      name={name}
      color="initials"
      radius="xl"
      alt=""
    >
      {initialsOf(name)}
    </Avatar>
  );
};
