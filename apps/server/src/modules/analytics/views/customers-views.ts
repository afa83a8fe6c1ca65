import type { ViewComputers } from './view-types';

/** Issue 14 customers views (spec §2 Analytics routes), keyed by view. */
export const customersViews: ViewComputers = {};
