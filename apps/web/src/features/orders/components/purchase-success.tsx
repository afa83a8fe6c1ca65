import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { Payment } from '@atelier/contract/orders/invoice';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import { useEffect } from 'react';
import { LinkButton } from '@/components/ui/link-button';
import { reportPurchase } from '@/lib/analytics-hook';
import { usePurchaseEvent } from '../api/price-queries';
import { formatAmount, formatDateTime } from '../orders-format';
import { CheckoutTotalsTable } from './checkout-totals-table';

type PurchaseSuccessProps = {
  payment: Payment;
  /** The items paid for, as they were in the cart. */
  items: readonly OrderItem[];
  ordersHref: string;
  sourcingHref: string;
};

const cardOf = (payment: Payment) =>
  payment.provider === 'paypal' || payment.provider === 'local_paypal'
    ? 'your PayPal account'
    : payment.cardLast4
      ? `${payment.cardBrand ? `${payment.cardBrand[0]?.toUpperCase()}${payment.cardBrand.slice(1)} ` : 'Card '}ending in ${payment.cardLast4}`
      : 'your card';

/** Spec §2 checkout, purchase success: what was paid, for what, and where it goes from here. */
export const PurchaseSuccess = ({
  payment,
  items,
  ordersHref,
  sourcingHref,
}: PurchaseSuccessProps) => {
  const paidItems = items.filter((item) => payment.itemIds.includes(item.id));
  // Spec §7 event-purchase: the server's Transaction event is the receipt's summary and what a
  // configured analytics hook receives.
  const purchase = usePurchaseEvent(payment.status === 'COMPLETED' ? payment.id : null);
  const event = purchase.data;
  useEffect(() => {
    if (event) reportPurchase(event);
  }, [event]);
  return (
    <Stack gap="lg" data-testid="purchase-success">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="green" variant="light" size="xl" radius="xl">
          <IconCircleCheck size={26} aria-hidden />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={3} fz="h4" data-testid="purchase-summary">
            Paid {formatAmount(event?.price ?? payment.amount, payment.currencyCode)}
            {event
              ? ` for ${event.items.length} ${event.items.length === 1 ? 'item' : 'items'}`
              : ''}
          </Title>
          <Text size="sm" c="dimmed">
            Charged to {cardOf(payment)} on {formatDateTime(payment.createdAt)}. The suppliers start
            work on {paidItems.length === 1 ? 'this item' : `these ${paidItems.length} items`};
            follow them in Orders &amp; Shipments.
          </Text>
        </Stack>
      </Group>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={4} fz="h5">
            Items
          </Title>
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
            {paidItems.map((item) => (
              <Group component="li" key={item.id} justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {item.quantity.toLocaleString('en-US')} × {item.title}{' '}
                  <Text span c="dimmed" size="sm">
                    · {item.supplierName}
                  </Text>
                </Text>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatAmount(item.amount, item.currencyCode)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <CheckoutTotalsTable totals={payment.totals} caption="Paid" />
      </Paper>
      <Group>
        <LinkButton href={ordersHref}>Go to Orders &amp; Shipments</LinkButton>
        <LinkButton href={sourcingHref} variant="default">
          Back to sourcing
        </LinkButton>
      </Group>
    </Stack>
  );
};
