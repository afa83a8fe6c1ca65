// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getShoppingCart, removeCartItem } from '@atelier/contract/orders/order-item-api';
import { updateOrderItemPrice } from '@atelier/contract/orders/order-item-pricing';
import { handle } from '@/testing/handlers';
import { aCart, anOrderItem } from '@/testing/order-factories';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { CartDrawer } from './cart-drawer';

const { requestsTo } = startMockServer();

const tees = anOrderItem({ id: 'coi_1' });
const sample = anOrderItem({
  id: 'coi_2',
  kind: 'SAMPLE',
  title: 'Sample: Boxy tee',
  quantity: 1,
  unitPrice: 2_500,
});

describe('CartDrawer', () => {
  it('lists the items with their supplier, quantity and price, and goes to checkout', async () => {
    server.use(handle(getShoppingCart, () => aCart([tees, sample])));
    const onCheckout = vi.fn();
    const { user } = render(
      <CartDrawer opened onClose={() => undefined} onCheckout={onCheckout} />,
    );
    const items = await screen.findAllByTestId('cart-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(
        'Heavyweight tee, black$2,550.00ProductionLakeside Knitwear300 × $8.50',
      ),
      expect.stringContaining('Sample: Boxy tee$25.00SampleLakeside Knitwear1 × $25.00'),
    ]);
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$2,575.00');
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(onCheckout).toHaveBeenCalledOnce();
  });

  it('asks before it removes an item, and keeps it when told to', async () => {
    server.use(
      handle(getShoppingCart, () => aCart([tees, sample]), { once: true }),
      handle(getShoppingCart, () => aCart([tees])),
      handle(removeCartItem, () => aCart([tees])),
    );
    const { user } = render(
      <CartDrawer opened onClose={() => undefined} onCheckout={() => undefined} />,
    );
    await user.click(
      await screen.findByRole('button', { name: 'Remove Sample: Boxy tee from the cart' }),
    );
    const confirm = screen.getByRole('group', { name: 'Remove Sample: Boxy tee?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(requestsTo('DELETE', '/api/web/creator-order-items/shopping-cart/coi_2')).toHaveLength(
      0,
    );

    await user.click(screen.getByRole('button', { name: 'Remove Sample: Boxy tee from the cart' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Remove Sample: Boxy tee?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('cart-item')).toHaveLength(1));
    expect(requestsTo('DELETE', '/api/web/creator-order-items/shopping-cart/coi_2')).toHaveLength(
      1,
    );
  });

  it('shows a price the supplier changed, and accepts it', async () => {
    server.use(
      handle(getShoppingCart, () => aCart([{ ...tees, sourceUnitPrice: 900 }]), { once: true }),
      handle(getShoppingCart, () => aCart([anOrderItem({ unitPrice: 900 })])),
      handle(updateOrderItemPrice, () => anOrderItem({ unitPrice: 900 })),
    );
    const { user } = render(
      <CartDrawer opened onClose={() => undefined} onCheckout={() => undefined} />,
    );
    const notice = await screen.findByTestId('price-changed');
    expect(notice.textContent).toContain('Price changed: $8.50 → $9.00');
    expect(notice.textContent).toContain('now $2,700.00 for 300');
    await user.click(
      screen.getByRole('button', { name: 'Accept the new price of Heavyweight tee, black' }),
    );
    await waitFor(() => expect(screen.queryByTestId('price-changed')).toBeNull());
    expect(requestsTo('POST', '/api/web/creator-order-items/coi_1/update-price')).toHaveLength(1);
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$2,700.00');
  });

  it('says when the cart is empty', async () => {
    server.use(handle(getShoppingCart, () => aCart([])));
    render(<CartDrawer opened onClose={() => undefined} onCheckout={() => undefined} />);
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
  });
});
