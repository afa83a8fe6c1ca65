import type { ViewComputers } from './view-types';

/** Issue 14 products views (spec §2 Analytics routes), keyed by view. */
export const productsViews: ViewComputers = {};
