import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCalendarPlus,
  IconClipboardList,
  IconPlus,
  IconTag,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { SendMessagePayload } from '@atelier/contract/chat/message';
import type { ChatClient } from '../chat-client';
import type { ChatShareSources } from '../share-sources';
import { ProposeMeetingModal } from './propose-meeting-modal';
import { SendCatalogItemModal } from './send-catalog-item-modal';
import { SendCustomProjectModal } from './send-custom-project-modal';
import { ShareTrackingLinkModal } from './share-tracking-link-modal';

type Dialog = 'catalog-item' | 'custom-project' | 'meeting' | 'tracking-link';

type ComposerMenuProps = {
  client: ChatClient;
  summary: ConversationSummary;
  /** The store's things to send; without them the store's menu offers only a meeting. */
  shareSources?: ChatShareSources;
  onSend: (payload: SendMessagePayload, body?: string) => void;
};

/** The "+" menu: structured messages a side can send besides text and files. */
export const ComposerMenu = ({ client, summary, shareSources, onSend }: ComposerMenuProps) => {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const isStore = client.side === 'STORE';
  const canShare = isStore && shareSources !== undefined;
  const close = () => setDialog(null);
  const sendAndClose = (payload: SendMessagePayload, body?: string) => {
    onSend(payload, body);
    close();
  };

  return (
    <>
      <Menu position="top-start" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label="More things to send">
            <IconPlus size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canShare ? (
            <>
              <Menu.Item
                leftSection={<IconTag size={16} />}
                onClick={() => setDialog('catalog-item')}
              >
                Send a catalog item
              </Menu.Item>
              <Menu.Item
                leftSection={<IconClipboardList size={16} />}
                onClick={() => setDialog('custom-project')}
              >
                Send a custom project request
              </Menu.Item>
            </>
          ) : null}
          <Menu.Item
            leftSection={<IconCalendarPlus size={16} />}
            onClick={() => setDialog('meeting')}
          >
            Propose a meeting
          </Menu.Item>
          {isStore ? null : (
            <Menu.Item
              leftSection={<IconTruckDelivery size={16} />}
              onClick={() => setDialog('tracking-link')}
            >
              Share tracking link
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {dialog === 'catalog-item' && shareSources ? (
        <SendCatalogItemModal
          useSupplierItems={shareSources.useSupplierItems}
          supplierId={summary.supplierId}
          supplierName={summary.supplierName}
          onClose={close}
          onSend={sendAndClose}
        />
      ) : null}
      {dialog === 'custom-project' && shareSources ? (
        <SendCustomProjectModal
          useCustomProjects={shareSources.useCustomProjects}
          onClose={close}
          onSend={sendAndClose}
        />
      ) : null}
      {dialog === 'meeting' ? <ProposeMeetingModal onClose={close} onSend={sendAndClose} /> : null}
      {dialog === 'tracking-link' ? (
        <ShareTrackingLinkModal onClose={close} onSend={sendAndClose} />
      ) : null}
    </>
  );
};
