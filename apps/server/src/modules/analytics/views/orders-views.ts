import type { ViewComputers } from './view-types';

/** Issue 14 orders views (spec §2 Analytics routes), keyed by view. */
export const ordersViews: ViewComputers = {};
