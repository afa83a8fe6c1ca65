import { Avatar } from '@mantine/core';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import { SupplierMark } from '@/components/pictures/supplier-mark';
import type { ChatSide } from '../chat-client';
import { initialsOf } from '../chat-format';
import { otherPartyName } from '../chat-party';

type PartyAvatarProps = { side: ChatSide; summary: ConversationSummary };

/**
 * The other party's avatar. A store sees the supplier's mark (the summary's image is the
 * supplier's logo, else its initials on its tint); a supplier sees the store's initials.
 */
export const PartyAvatar = ({ side, summary }: PartyAvatarProps) => {
  const name = otherPartyName(side, summary);
  if (side === 'STORE') {
    return (
      <SupplierMark
        supplier={{ id: summary.supplierId, name }}
        logoUrl={summary.avatarUrl}
        size={38}
      />
    );
  }
  return (
    <Avatar name={name} color="initials" radius="xl" alt="">
      {initialsOf(name)}
    </Avatar>
  );
};
