import { Button } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { showSuccessToast } from '@/lib/notify';
import { SendInvoiceModal } from './send-invoice-modal';

type SendInvoiceButtonProps = { conversationId: string; storeTitle: string };

/** "Send invoice" in a supplier's conversation: opens the invoice form for its store. */
export const SendInvoiceButton = ({ conversationId, storeTitle }: SendInvoiceButtonProps) => {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconFileInvoice size={16} aria-hidden />}
        onClick={() => setIsOpen(true)}
        style={{ flexShrink: 0 }}
      >
        Send invoice
      </Button>
      {isOpen ? (
        <SendInvoiceModal
          conversationId={conversationId}
          storeTitle={storeTitle || 'the store'}
          onClose={() => setIsOpen(false)}
          onSent={() => {
            setIsOpen(false);
            showSuccessToast(`Invoice sent to ${storeTitle || 'the store'}.`);
          }}
        />
      ) : null}
    </>
  );
};
