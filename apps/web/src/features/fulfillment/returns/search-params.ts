import type { ReturnStatus } from '@atelier/contract/fulfillment/returns';
import { knownParams, readChoice, readText } from '@/lib/search-params';

/**
 * The statuses /return-settings filters by. Route files load no Zod (issue 10), so the list is
 * written here; return-list.test.tsx checks it is the contract's.
 */
export const RETURN_STATUS_FILTERS = [
  'CREATED',
  'SHIPPING',
  'RECEIVED',
  'CANCELED',
] as const satisfies readonly ReturnStatus[];

export const RETURN_SETTINGS_TABS = ['returns', 'settings'] as const;

/**
 * /return-settings' address: `?tab=settings` for the settings (the returns otherwise),
 * `?status=` to filter the returns, `?handle=RET-000012` for the return open in the drawer.
 */
export type ReturnSettingsSearchParams = {
  tab?: (typeof RETURN_SETTINGS_TABS)[number];
  status?: ReturnStatus;
  handle?: string;
};

export const validateReturnSettingsSearch = (
  search: Record<string, unknown>,
): ReturnSettingsSearchParams =>
  knownParams<ReturnSettingsSearchParams>({
    tab: readChoice(search.tab, RETURN_SETTINGS_TABS),
    status: readChoice(search.status, RETURN_STATUS_FILTERS),
    handle: readText(search.handle, { maxLength: 40, pattern: /^RET-\d{1,15}$/i }),
  });
