import { baseViews } from './customers-base-views';
import { cohortViews } from './customers-cohort-views';
import { repeatViews } from './customers-repeat-views';
import { rfmViews } from './customers-rfm-views';
import { valueViews } from './customers-value-views';
import { zoneViews } from './customers-zone-views';
import type { ViewComputers } from './view-types';

/**
 * Issue 14 customers views (spec §2 Analytics routes), keyed by view. Customers are counted by
 * their purchases (purchases-sql.ts: a customer's counted orders on one store-local day, orders
 * refunded in full left out); money is integer minor units of the store's main currency.
 */
export const customersViews: ViewComputers = {
  ...cohortViews,
  ...rfmViews,
  ...repeatViews,
  ...baseViews,
  ...zoneViews,
  ...valueViews,
};
