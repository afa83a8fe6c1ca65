import type { ComponentProps } from 'react';
import { CartDrawer } from '@/features/orders/components/cart-drawer';
import { useStoreOrdersRealtime } from '../routes/use-store-orders-realtime';

/** Listens to the store's `orders:updated` while it is mounted (only while the cart is open). */
const OrdersLive = () => {
  useStoreOrdersRealtime();
  return null;
};

/**
 * Spec §3 shopping cart, live while open: an invoice a supplier voids, or an item a payment
 * settles, leaves the cart without reloading. Loaded with the drawer, not with the shell.
 */
export const LiveCartDrawer = (props: ComponentProps<typeof CartDrawer>) => (
  <>
    {props.opened ? <OrdersLive /> : null}
    <CartDrawer {...props} />
  </>
);
