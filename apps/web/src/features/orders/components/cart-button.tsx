import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useCartCount } from '../api/tab-counts-queries';

const labelOf = (count: number | undefined) =>
  count === undefined
    ? 'Cart'
    : `Cart, ${count === 0 ? 'empty' : `${count} item${count === 1 ? '' : 's'}`}`;

/**
 * The header's cart button (spec §3 shopping cart) with the number of items waiting in it. No
 * tooltip: floating-ui would join every signed-in first page (issue 10); the label says it all.
 */
export const CartButton = ({ onClick }: { onClick: () => void }) => {
  const count = useCartCount();
  const label = labelOf(count);
  return (
    <Indicator
      label={count}
      size={18}
      color="indigo"
      offset={4}
      disabled={!count}
      inline
      styles={{ indicator: { fontSize: 11, fontWeight: 600, pointerEvents: 'none' } }}
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={onClick}
        aria-label={label}
        data-testid="cart-button"
      >
        <IconShoppingCart size={20} />
      </ActionIcon>
    </Indicator>
  );
};
