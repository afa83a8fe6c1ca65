import { SUPPLIER_PROFILE_TABS, type SupplierProfileTab } from '@/config/paths';
import { knownParams, readChoice } from '@/lib/search-params';

/** Spec §2 supplier profile address: `?tab=` picks the tab; an unknown tab falls back to the first. */
export const validateSupplierProfileSearch = (raw: Record<string, unknown>) =>
  knownParams<{ tab?: SupplierProfileTab }>({ tab: readChoice(raw.tab, SUPPLIER_PROFILE_TABS) });
