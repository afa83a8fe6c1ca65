import { Button, type ButtonProps } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { hrefs } from '@/config/paths';
import { useOpenConversation } from '../api/conversation-queries';

type MessageSupplierButtonProps = ButtonProps & { supplierId: string };

/**
 * Opens the store's conversation with the supplier (created on first use) in the inbox. Errors
 * toast through the API client; preview accounts get the preview-mode dialog from it.
 */
export const MessageSupplierButton = ({ supplierId, ...props }: MessageSupplierButtonProps) => {
  const openConversation = useOpenConversation();
  const router = useRouter();
  return (
    <Button
      leftSection={<IconMessageCircle size={16} />}
      loading={openConversation.isPending}
      onClick={() =>
        openConversation.mutate(supplierId, {
          onSuccess: (summary) => void router.navigate({ href: hrefs.conversation(summary.sid) }),
        })
      }
      data-testid="message-supplier"
      {...props}
    >
      Message supplier
    </Button>
  );
};
