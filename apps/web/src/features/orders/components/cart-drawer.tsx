import {
  Badge,
  Button,
  Divider,
  Drawer,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { CartItem, OrderItem } from '@atelier/contract/orders/order-item-api';
import { LoadError } from '@/components/ui/load-error';
import { useCart, useRemoveCartItem } from '../api/cart-queries';
import { formatAmount, ORDER_ITEM_KIND_LABELS } from '../orders-format';
import { PriceChangeNotice } from './price-change-notice';

type CartItemRowProps = {
  item: CartItem;
  isConfirming: boolean;
  isRemoving: boolean;
  onAskRemove: () => void;
  onCancelRemove: () => void;
  onRemove: () => void;
};

/** One item of the cart; "Remove" asks once more in place before it takes the item out. */
const CartItemRow = ({
  item,
  isConfirming,
  isRemoving,
  onAskRemove,
  onCancelRemove,
  onRemove,
}: CartItemRowProps) => (
  <Paper component="li" withBorder radius="md" p="sm" data-testid="cart-item">
    <Stack gap={4}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text fw={500} size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Text>
        <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatAmount(item.amount, item.currencyCode)}
        </Text>
      </Group>
      <Group gap={6} wrap="wrap">
        <Badge size="xs" variant="light" color={item.kind === 'SAMPLE' ? 'grape' : 'blue'}>
          {ORDER_ITEM_KIND_LABELS[item.kind]}
        </Badge>
        <Text size="xs" c="dimmed">
          {item.supplierName}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {item.quantity.toLocaleString('en-US')} × {formatAmount(item.unitPrice, item.currencyCode)}
        {item.shippingAmount > 0
          ? ` · shipping ${formatAmount(item.shippingAmount, item.currencyCode)}`
          : ''}
      </Text>
      <PriceChangeNotice item={item} />
      {isConfirming ? (
        <Group justify="flex-end" gap="xs" role="group" aria-label={`Remove ${item.title}?`}>
          <Text size="xs" mr="auto">
            Remove from the cart?
          </Text>
          <Button size="compact-xs" variant="default" onClick={onCancelRemove} data-autofocus>
            Keep
          </Button>
          <Button size="compact-xs" color="red" loading={isRemoving} onClick={onRemove}>
            Remove
          </Button>
        </Group>
      ) : (
        <Group justify="flex-end">
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={12} aria-hidden />}
            onClick={onAskRemove}
            aria-label={`Remove ${item.title} from the cart`}
          >
            Remove
          </Button>
        </Group>
      )}
    </Stack>
  </Paper>
);

/** A subtotal per currency: the cart may hold items of several. */
const subtotalsOf = (items: readonly OrderItem[]) => {
  const sums = new Map<string, number>();
  for (const item of items) {
    sums.set(item.currencyCode, (sums.get(item.currencyCode) ?? 0) + item.amount);
  }
  return [...sums].map(([currencyCode, amount]) => formatAmount(amount, currencyCode)).join(' + ');
};

const CartContent = ({ onCheckout }: { onCheckout: () => void }) => {
  const cart = useCart();
  const remove = useRemoveCartItem();
  const [confirmingId, setConfirmingId] = useState<string | null>(null);

  if (cart.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading the cart">
        <Skeleton h={92} />
        <Skeleton h={92} />
      </Stack>
    );
  }
  if (cart.isError) {
    return (
      <LoadError
        message="The cart could not be loaded."
        onRetry={() => void cart.refetch()}
        isStacked
      />
    );
  }
  const { items } = cart.data;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconShoppingCart size={28} stroke={1.5} />}
        variant="light"
        title="Your cart is empty"
        description="Samples you order from a product page and supplier invoices you add wait here until you check out."
      />
    );
  }
  return (
    <Stack gap="md">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <CartItemRow
            key={item.id}
            item={item}
            isConfirming={confirmingId === item.id}
            isRemoving={remove.isPending && remove.variables === item.id}
            onAskRemove={() => setConfirmingId(item.id)}
            onCancelRemove={() => setConfirmingId(null)}
            onRemove={() => remove.mutate(item.id, { onSuccess: () => setConfirmingId(null) })}
          />
        ))}
      </Stack>
      <Divider />
      <Group justify="space-between">
        <Text fw={600}>Subtotal</Text>
        <Text fw={600} data-testid="cart-subtotal">
          {subtotalsOf(items)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        Shipping, assurances, the payment processing fee and discount codes are worked out at
        checkout.
      </Text>
      <Button size="md" onClick={onCheckout} fullWidth>
        Checkout
      </Button>
    </Stack>
  );
};

type CartDrawerProps = { opened: boolean; onClose: () => void; onCheckout: () => void };

/** Spec §3 shopping cart in a drawer: its items, removing one, and the way to checkout. */
export const CartDrawer = ({ opened, onClose, onCheckout }: CartDrawerProps) => (
  <Drawer
    opened={opened}
    onClose={onClose}
    title={
      <Text fw={600} size="lg">
        Cart
      </Text>
    }
    position="right"
    size="md"
  >
    <CartContent onCheckout={onCheckout} />
  </Drawer>
);
