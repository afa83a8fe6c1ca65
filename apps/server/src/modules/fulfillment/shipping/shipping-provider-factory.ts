import type { AddressReference } from '@/modules/orders';
import type { LabelPort } from '../shipment.service';
import { createLocalLabels } from './local-labels';
import { createShippoShippingProvider } from './shippo-shipping-provider';

/** What `createShippingProvider` needs; config.ts fills `shippo` from the environment. */
export type ShippingProviderOptions = {
  /** Set when SHIPPO_API_KEY is configured (with SHIPPO_API_BASE_URL); absent → the local one. */
  shippo?: { apiKey: string; apiBaseUrl?: string };
  /** Country and state data addresses are checked against (the reference module's). */
  reference: AddressReference;
};

/**
 * ARCHITECTURE.md §4 ShippingProvider (issue 15), in the shipment service's `LabelPort` terms:
 * the Shippo adapter when a Shippo API key is given, else the local provider (reference-data
 * address checks, the local rate table by zone and billable weight, 4×6 in local test labels),
 * which works offline.
 */
export const createShippingProvider = ({
  shippo,
  reference,
}: ShippingProviderOptions): LabelPort =>
  shippo
    ? createShippoShippingProvider({ ...shippo, reference })
    : createLocalLabels({ reference });
