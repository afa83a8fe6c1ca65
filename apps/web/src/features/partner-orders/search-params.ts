import type { OrderItemTab } from '@atelier/contract/orders/order-item';
import { knownParams, readChoice } from '@/lib/search-params';

/** The tabs of the supplier's orders page, in the order shown (paid items only: no cart). */
export const PARTNER_ORDER_TABS = [
  'IN_PRODUCTION',
  'SHIPPED',
  'CANCELED',
  'ALL',
] as const satisfies readonly OrderItemTab[];
export type PartnerOrderTab = (typeof PARTNER_ORDER_TABS)[number];

/** /partner/orders' address: `?tab=` one of PARTNER_ORDER_TABS (In production when absent). */
export type PartnerOrdersSearchParams = { tab?: PartnerOrderTab };

/** Reads /partner/orders' search params; the tab in any case (`?tab=shipped`). */
export const validatePartnerOrdersSearch = (
  search: Record<string, unknown>,
): PartnerOrdersSearchParams =>
  knownParams<PartnerOrdersSearchParams>({
    tab: readChoice(
      typeof search.tab === 'string' ? search.tab.toUpperCase() : undefined,
      PARTNER_ORDER_TABS,
    ),
  });
