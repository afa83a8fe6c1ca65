import type { Money } from '../common/money';

/*
 * Spec §9 sales channel fees: listing products on a sales channel costs nothing, and orders that
 * come in from a connected channel carry a fee of 1 % of their total. One place for both, read
 * by /ecommerce-services (and by billing once it charges them, issue 13).
 */

/** Spec §9: listing a product on a sales channel, in USD cents. */
export const SALES_CHANNEL_LISTING_FEE: Money = { amount: 0, currencyCode: 'USD' };

/** Spec §9: the fee on an order from a connected sales channel, in basis points (1 %). */
export const SALES_CHANNEL_FEE_BASIS_POINTS = 100;

/**
 * The sales channel fee of an order total: 1 % of it in the same currency, rounded half to even
 * on the currency's minor unit (£12.50 → 12.5p → 12p; £13.50 → 13.5p → 14p). A negative total
 * (a refund) gives a negative fee, the fee given back.
 */
export const salesChannelFeeOf = (total: Money): Money => {
  const exact = (total.amount * SALES_CHANNEL_FEE_BASIS_POINTS) / 10_000;
  const floor = Math.floor(exact);
  const fraction = exact - floor;
  const amount = fraction > 0.5 || (fraction === 0.5 && floor % 2 !== 0) ? floor + 1 : floor;
  return { amount: amount === 0 ? 0 : amount, currencyCode: total.currencyCode };
};
