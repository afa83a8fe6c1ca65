import { Group, Stack, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import type { MessagePayload } from '@atelier/contract/chat/message';
import { formatMoney } from '@atelier/contract/common/money';
import { LinkButton } from '@/components/ui/link-button';
import { hrefs, paths } from '@/config/paths';
import type { ChatSide } from '../../chat-client';
import { CardFrame } from './card-frame';

type InvoiceCardProps = {
  payload: Extract<MessagePayload, { type: 'INVOICE' }>;
  side: ChatSide;
};

const lineCountText = (count: number) => (count === 1 ? '1 line' : `${count} lines`);

/**
 * A supplier invoice posted in the conversation: title, line count and total; the store opens it
 * to pay, the supplier its list of invoices.
 */
export const InvoiceCard = ({ payload, side }: InvoiceCardProps) => (
  <CardFrame icon={<IconFileInvoice size={14} aria-hidden />} label="Invoice">
    <Stack gap={2}>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {payload.title || 'Invoice'}
      </Text>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {lineCountText(payload.lineCount)}
        </Text>
        <Text size="sm" fw={600} data-testid="invoice-card-total">
          {formatMoney({ amount: payload.total, currencyCode: payload.currencyCode })}
        </Text>
      </Group>
    </Stack>
    {side === 'STORE' ? (
      <LinkButton href={hrefs.payInvoice(payload.invoiceId)} size="xs" mt={4}>
        View and pay
      </LinkButton>
    ) : (
      <LinkButton href={paths.partnerInvoices} size="xs" variant="light" mt={4}>
        View invoice
      </LinkButton>
    )}
  </CardFrame>
);
