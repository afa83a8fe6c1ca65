import { knownParams, readText } from '@/lib/search-params';

/** /fulfillment-services/book-freight-shipment's address: `?sn=FRT-000012` opens a booking. */
export type FreightBookingsSearchParams = { sn?: string };

export const validateFreightBookingsSearch = (
  search: Record<string, unknown>,
): FreightBookingsSearchParams =>
  knownParams<FreightBookingsSearchParams>({
    sn: readText(search.sn, { maxLength: 40, pattern: /^FRT-\d{1,15}$/i }),
  });
