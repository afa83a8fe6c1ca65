import type { ViewComputers } from './view-types';

/** Issue 14 marketing views (spec §2 Analytics routes), keyed by view. */
export const marketingViews: ViewComputers = {};
