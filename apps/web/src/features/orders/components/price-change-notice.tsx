import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import { isApiError } from '@/lib/api-error';
import { useAcceptPrice } from '../api/price-queries';
import { formatAmount } from '../orders-format';

/** A cart item with its source's current unit price (the cart's answer; null: none offered). */
type PricedItem = OrderItem & { sourceUnitPrice?: number | null };

/** Whether the supplier changed the price since the item went into the cart. */
export const hasPriceChanged = (
  item: PricedItem,
): item is PricedItem & { sourceUnitPrice: number } =>
  item.sourceUnitPrice !== undefined &&
  item.sourceUnitPrice !== null &&
  item.sourceUnitPrice !== item.unitPrice;

/**
 * Spec §7 update-price in the cart: "Price changed: $12.00 → $13.50" and the way to accept it
 * (checkout refuses the item until then). Nothing when the price is unchanged.
 */
export const PriceChangeNotice = ({ item }: { item: PricedItem }) => {
  const accept = useAcceptPrice();
  if (!hasPriceChanged(item)) return null;
  const newAmount = item.quantity * item.sourceUnitPrice;
  return (
    <Alert
      color="yellow"
      variant="light"
      p="xs"
      icon={<IconArrowsDiff size={16} aria-hidden />}
      data-testid="price-changed"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs">
          <Text span fw={600} size="xs">
            Price changed: {formatAmount(item.unitPrice, item.currencyCode)} →{' '}
            {formatAmount(item.sourceUnitPrice, item.currencyCode)}
          </Text>{' '}
          (now {formatAmount(newAmount, item.currencyCode)} for{' '}
          {item.quantity.toLocaleString('en-US')})
        </Text>
        <Button
          size="compact-xs"
          color="yellow"
          loading={accept.isPending}
          onClick={() => accept.mutate(item.id)}
          aria-label={`Accept the new price of ${item.title}`}
        >
          Accept new price
        </Button>
      </Group>
      {accept.isError ? (
        <Text size="xs" c="red" mt={4} role="alert">
          {isApiError(accept.error) ? accept.error.message : 'The price could not be updated.'}
        </Text>
      ) : null}
    </Alert>
  );
};
