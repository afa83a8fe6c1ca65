import { z } from 'zod';
import { SUPPLIER_PROFILE_TABS } from '@/config/paths';

/** Spec §2 supplier profile address: `?tab=` picks the tab; an unknown tab falls back to the first. */
export const SupplierProfileSearchSchema = z.object({
  tab: z.enum(SUPPLIER_PROFILE_TABS).optional().catch(undefined),
});
