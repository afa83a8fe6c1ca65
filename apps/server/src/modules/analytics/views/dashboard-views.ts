import type { ViewComputers } from './view-types';

/** Issue 14 dashboard views (spec §2 Analytics routes), keyed by view. */
export const dashboardViews: ViewComputers = {};
