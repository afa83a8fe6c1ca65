import { Group, Stack, Text } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import type { MessagePayload } from '@atelier/contract/chat/message';
import { SupplierMark } from '@/components/pictures/supplier-mark';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import type { ChatSide } from '../../chat-client';
import { CardFrame } from './card-frame';

type SupplierProfileCardProps = {
  payload: Extract<MessagePayload, { type: 'SUPPLIER_PROFILE' }>;
  side: ChatSide;
};

/** A supplier profile shared in the conversation, with the supplier's mark, linked for the store. */
export const SupplierProfileCard = ({ payload, side }: SupplierProfileCardProps) => (
  <CardFrame icon={<IconBuildingFactory2 size={14} aria-hidden />} label="Supplier profile">
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <SupplierMark
        supplier={{ id: payload.companyId, name: payload.name || 'Supplier' }}
        size={40}
      />
      <Stack gap={2} miw={0}>
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {payload.name || 'Supplier'}
        </Text>
        {side === 'STORE' ? (
          <AppAnchor href={hrefs.supplierProfile(payload.companyId)} size="sm">
            View profile
          </AppAnchor>
        ) : null}
      </Stack>
    </Group>
  </CardFrame>
);
