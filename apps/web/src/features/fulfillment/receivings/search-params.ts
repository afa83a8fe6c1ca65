import type { ReceivingStatus } from '@atelier/contract/fulfillment/receiving';
import { knownParams, readChoice } from '@/lib/search-params';

/**
 * The statuses /receivings filters by. Route files load no Zod (issue 10) and the contract's
 * list sits beside its schemas, so they are written here; receiving-list.test.tsx checks they
 * are the contract's.
 */
export const RECEIVING_STATUS_FILTERS = [
  'NEEDS_MAPPING',
  'IN_TRANSIT',
  'RECEIVED',
  'CANCELED',
] as const satisfies readonly ReceivingStatus[];

/** /receivings' address: `?status=` (every status unless given). */
export type ReceivingsSearchParams = { status?: ReceivingStatus };

export const validateReceivingsSearch = (search: Record<string, unknown>): ReceivingsSearchParams =>
  knownParams<ReceivingsSearchParams>({
    status: readChoice(search.status, RECEIVING_STATUS_FILTERS),
  });
