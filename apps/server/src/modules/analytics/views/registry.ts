import type { AnalyticsViewKey } from '@atelier/contract/analytics/views';
import { customersViews } from './customers-views';
import { dashboardViews } from './dashboard-views';
import { marketingViews } from './marketing-views';
import { ordersViews } from './orders-views';
import { productsViews } from './products-views';
import type { ViewComputer, ViewComputers } from './view-types';

/** Every built view's computer, by key (views not built yet are absent). */
export const VIEW_COMPUTERS: ViewComputers = {
  ...dashboardViews,
  ...customersViews,
  ...ordersViews,
  ...productsViews,
  ...marketingViews,
};

export const computerOf = (view: AnalyticsViewKey): ViewComputer | undefined =>
  VIEW_COMPUTERS[view];
