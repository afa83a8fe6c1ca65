import type { Stripe } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';

/**
 * Kept apart from the features' keys (`ordersKeys.all`, `billingKeys.all`): a payment or a saved
 * card invalidates those, and Stripe.js must not be loaded again for it.
 */
const stripeJsKey = (publishableKey: string | null) => ['stripe-js', publishableKey] as const;

/**
 * Loads Stripe.js from js.stripe.com for `publishableKey` (`pk_…`, from the payment config) and
 * answers its `Stripe` object, once per key for the page's life. `null` loads nothing: with the
 * local provider the app reaches no third party and works offline. Fails (the query's error)
 * when the script cannot load (offline, blocked) or the browser has no `window`.
 */
export const useStripeJs = (publishableKey: string | null) =>
  useQuery({
    queryKey: stripeJsKey(publishableKey),
    queryFn: async (): Promise<Stripe> => {
      // Imported only here: importing the module adds Stripe's script to the page.
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(publishableKey ?? '');
      if (!stripe) throw new Error('Stripe.js is not available in this browser.');
      return stripe;
    },
    enabled: publishableKey !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    // The Stripe object is a live instance, not data to compare.
    structuralSharing: false,
  });
