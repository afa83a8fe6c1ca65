import { useRouter } from '@tanstack/react-router';
import { createContext, useContext } from 'react';
import { hrefs } from '@/config/paths';

/** Opens the signed-in frame's cart drawer (spec §2 dialog key `cart`). */
export const CartDrawerContext = createContext<(() => void) | null>(null);

/**
 * Opens the cart over the page. Outside the signed-in frame (a page rendered alone), the cart's
 * own address does it: /home?open=cart.
 */
export const useOpenCart = (): (() => void) => {
  const openCart = useContext(CartDrawerContext);
  const router = useRouter();
  return openCart ?? (() => void router.navigate({ href: hrefs.sourcingHome({ open: 'cart' }) }));
};
